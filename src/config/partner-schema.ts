// The partner (institution) configuration: its documented format (partners/README.md), validated
// with zod when the build bakes it in and when a process starts (src/config/load-partner.ts). Pure:
// the client never loads this module, only the configuration it produced.
import { z } from "zod";

/**
 * Text an applicant reads (a name, a label, a description). A string today; a later issue adds
 * translations by letting a label also be `{ "en": "…", "es": "…" }`, which every field of this
 * kind then accepts at once.
 */
const label = (max: number) =>
  z.string().trim().min(1, "must not be empty").max(max, `must be at most ${max} characters`);

const httpsUrl = z
  .string()
  .url("must be a URL")
  .refine((value) => value.startsWith("https://"), "must be an https:// URL");

/** Program questions a major can ask (the catalogue's keys; src/form/pages/education/program.ts). */
export const MAJOR_QUESTION_KEYS = [
  "nursing_bsn_programlength",
  "music_instrument",
  "bme_bsn_dual",
  "ms_spec_ed",
  "lib_arts_dual",
  "ms_ed_dual",
  "ms_env_science_dual",
  "ms_biotech_dual",
  "baphys_bseng_pitt_cwu",
  "accelerated_law",
] as const;
export type MajorQuestionKey = (typeof MAJOR_QUESTION_KEYS)[number];

const major = z.object({
  /** What the answer stores: unique across the three lists. */
  code: z.string().regex(/^[A-Za-z0-9]{1,10}$/, "must be 1 to 10 letters or digits"),
  name: label(120),
  /** The program questions choosing this major asks. */
  asks: z.array(z.enum(MAJOR_QUESTION_KEYS)).default([]),
});

const majorList = z.array(major).min(1, "must list at least one major").max(200);

/** A document the form asks for (decision 0014): its question's wording, and whether submitting needs it. */
const documentRequest = z.object({
  label: label(80),
  description: label(500),
  required: z.boolean(),
});

/**
 * The institution's own Spanish (issue 35), all optional: what is left out reads as in English
 * (its name and majors' names stay as they are; the rest of the configuration's words are
 * translated by src/config/partner.es.json when they are the shipped institution's).
 */
const spanishLabels = z
  .object({
    /** The institution's name as Spanish pages write it ("Universidad de Northbridge"). */
    name: label(100).optional(),
    applicationTitle: label(120).optional(),
    /** Majors' Spanish names by their code. */
    majors: z.record(z.string(), label(120)).optional(),
  })
  .strict();

export const PartnerSchema = z
  .object({
    /** For editors: the JSON Schema of this format (partners/partner.schema.json). */
    $schema: z.string().optional(),
    name: label(100),
    /** In file names and short mentions ("Northbridge application - Ada Lovelace.pdf"). */
    shortName: label(40),
    /** The installed app's name under its icon (the manifest's short_name); default: shortName. */
    appShortName: label(20).optional(),
    /** Substituted for {host} in answer keys such as `{host}_employee` (spec §3). */
    hostKey: z.string().regex(/^[a-z][a-z0-9_]{1,30}$/, "must be 2 to 31 lower-case letters, digits or _"),
    applicationTitle: label(120),
    /** An SVG file, relative to the configuration file: the header's mark and the favicon. */
    logo: z.string().regex(/\.svg$/i, "must be an .svg file"),
    addressLines: z.array(label(100)).min(1, "must have at least one line").max(6),
    helpEmail: z.string().email("must be an e-mail address"),
    phone: label(40),
    privacyPolicyUrl: httpsUrl,
    /** Codes are strings: leading zeros (FAFSA) are significant. */
    testCodes: z.object({
      act: z.string().regex(/^\d{4}$/, "must be 4 digits"),
      sat: z.string().regex(/^\d{4}$/, "must be 4 digits"),
      fafsa: z.string().regex(/^[0-9A-Z]{6}$/, "must be 6 digits or capital letters"),
    }),
    /** Characters of an essay written in the form (the personal statement); spec §1: 7000. */
    longTextLimit: z.number().int("must be a whole number").min(500).max(20_000),
    links: z.object({
      pdfReader: httpsUrl,
      cookieSettings: httpsUrl,
      analyticsOptOut: httpsUrl,
    }),
    terms: z.object({
      /** The term the form asks about first ("Are you applying for Fall 2026?"). */
      current: label(40),
      /** Later entry terms offered to applicants not starting in `current`. */
      later: z
        .array(
          z.object({
            code: z.string().regex(/^[A-Za-z0-9]{1,10}$/, "must be 1 to 10 letters or digits"),
            label: label(40),
          }),
        )
        .min(1, "must offer at least one later term")
        .max(12),
    }),
    majors: z.object({ transfer: majorList, secondDegree: majorList, accelerated: majorList }),
    /** The employer partnership behind pharmacist_employee, and its two locations (codes 1 and 2). */
    pharmacyPartner: z.object({
      name: label(100),
      locations: z.tuple([label(120), label(120)]),
    }),
    /** "Continue on another device" links (decision 0012): days a link works. */
    draftLinkDays: z.number().int("must be a whole number").min(1).max(90).default(30),
    documents: z.object({
      /** Written in the form (up to longTextLimit characters) or uploaded, on two tabs. */
      personalStatement: documentRequest,
      resume: documentRequest,
      /** Asked in every college block. */
      collegeTranscript: documentRequest,
      /** Asked when the applicant will submit an English proficiency test. */
      englishTestReport: documentRequest,
    }),
    /** Spanish labels of the institution's own words (issue 35): each falls back to the English. */
    es: spanishLabels.optional(),
  })
  .strict();

/**
 * What zod's field checks cannot see: major codes unique across the three lists, later terms listed
 * once. Read from the file as written, even where other fields are wrong, so that one message
 * names every problem.
 */
export function crossFieldProblems(config: unknown): string[] {
  const problems: string[] = [];
  const record = (value: unknown) =>
    typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  const list = (value: unknown) => (Array.isArray(value) ? (value as unknown[]) : []);
  const seen = new Map<string, string>();
  for (const name of ["transfer", "secondDegree", "accelerated"]) {
    list(record(record(config).majors)[name]).forEach((entry, index) => {
      const code = record(entry).code;
      if (typeof code !== "string") return;
      const first = seen.get(code);
      if (first)
        problems.push(
          `majors.${name}.${index}.code: "${code}" is used by ${first} already (codes are unique across the three lists)`,
        );
      else seen.set(code, `majors.${name}.${index}`);
    });
  }
  const terms = new Set<string>();
  list(record(record(config).terms).later).forEach((term, index) => {
    const code = record(term).code;
    if (typeof code !== "string") return;
    if (terms.has(code)) problems.push(`terms.later.${index}.code: "${code}" is listed twice`);
    terms.add(code);
  });
  return problems;
}

export type PartnerConfig = z.output<typeof PartnerSchema>;
export type Major = PartnerConfig["majors"]["transfer"][number];
export type DocumentRequest = PartnerConfig["documents"]["resume"];

/**
 * The configuration as the app uses it: the file's, with the logo's SVG read in (`logoSvg`) and
 * where it came from.
 */
export type Partner = Readonly<PartnerConfig> & {
  readonly logoSvg: string;
  /**
   * The file it was read from (relative to the working directory), whether it is the shipped one, a
   * digest of it all (logo included), and whether a build baked it in (else it was read at start).
   */
  readonly source: {
    readonly file: string;
    readonly shipped: boolean;
    readonly digest: string;
    readonly baked?: boolean;
  };
};

/** Each problem zod found, named by its field: "testCodes.act: must be 4 digits". */
export function describeIssues(error: z.ZodError): string[] {
  return error.issues.map(
    (issue) => `${issue.path.length > 0 ? issue.path.join(".") : "(top level)"}: ${issue.message}`,
  );
}
