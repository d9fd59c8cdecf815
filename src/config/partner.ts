// Partner (institution) configuration in one typed module. The institution is fictional.
/** One program of the partner's catalogue; the code is what the answer stores. */
export type Major = { readonly code: string; readonly name: string };

/** Program questions asked only for some majors (answer key → the major codes that ask it). */
export type MajorQuestionKey =
  | "music_instrument"
  | "bme_bsn_dual"
  | "ms_spec_ed"
  | "lib_arts_dual"
  | "ms_ed_dual"
  | "ms_env_science_dual"
  | "ms_biotech_dual"
  | "baphys_bseng_pitt_cwu"
  | "accelerated_law";

export type Majors = {
  /** app_type 1, 3 and 4 lists; codes are unique across the three lists. */
  readonly transfer: readonly Major[];
  readonly secondDegree: readonly Major[];
  readonly accelerated: readonly Major[];
  /** The second-degree major that asks for the nursing program length. */
  readonly secondDegreeNursing: string;
  readonly questionsByMajor: Readonly<Record<MajorQuestionKey, readonly string[]>>;
};

/**
 * A document the form asks for (decision 0014): the wording of its question and whether a
 * submission needs it. A required upload is answered once its file has been converted (spec §4).
 */
export type DocumentRequest = {
  readonly label: string;
  readonly description: string;
  readonly required: boolean;
};

export type Partner = {
  readonly name: string;
  readonly shortName: string;
  /** Substituted for {host} in answer keys such as `${hostKey}_employee`. */
  readonly hostKey: string;
  readonly applicationTitle: string;
  readonly addressLines: readonly string[];
  readonly helpEmail: string;
  readonly phone: string;
  readonly privacyPolicyUrl: string;
  readonly testCodes: {
    readonly act: string;
    readonly sat: string;
    readonly fafsa: string;
  };
  readonly longTextLimit: number;
  readonly environment: "production" | "development";
  readonly links: {
    readonly pdfReader: string;
    readonly cookieSettings: string;
    readonly analyticsOptOut: string;
  };
  readonly term: string;
  /** Later entry terms offered to applicants not starting in `term` (code → label). */
  readonly laterTerms: readonly { readonly value: string; readonly label: string }[];
  readonly majors: Majors;
  /** Employer partnership behind pharmacist_employee and its two locations (codes 1 and 2). */
  readonly pharmacyPartner: {
    readonly name: string;
    readonly locations: readonly { readonly value: "1" | "2"; readonly label: string }[];
  };
  /** "Continue on another device" links to an anonymous visitor's draft (decision 0012). */
  readonly draftLinks: {
    /** How long a link works after it is made (a new link from the same draft ends the old one). */
    readonly lifetimeDays: number;
  };
  /** The documents applicants may upload (decision 0014). */
  readonly documents: {
    /** Written in the form (up to `longTextLimit` characters) or uploaded, on two tabs. */
    readonly personalStatement: DocumentRequest;
    readonly resume: DocumentRequest;
    /** Asked in every college block. */
    readonly collegeTranscript: DocumentRequest;
    /** Asked when the applicant will submit an English proficiency test. */
    readonly englishTestReport: DocumentRequest;
  };
};

export const partner = {
  name: "Northbridge University",
  shortName: "Northbridge",
  hostKey: "northbridge",
  applicationTitle: "Northbridge University Transfer & Accelerated Application",
  addressLines: [
    "Office of Undergraduate Admissions",
    "Northbridge University",
    "100 College Avenue",
    "Northbridge, ST 00000",
  ],
  helpEmail: "admissions-help@northbridge.example",
  phone: "(555) 010-2030",
  privacyPolicyUrl: "https://www.northbridge.example/privacy",
  // Codes are strings: leading zeros (FAFSA) are significant.
  testCodes: { act: "3560", sat: "2196", fafsa: "003258" },
  longTextLimit: 7000,
  environment: "production",
  links: {
    pdfReader: "https://get.adobe.com/reader/",
    cookieSettings: "https://www.northbridge.example/privacy/cookie-settings",
    analyticsOptOut: "https://tools.google.com/dlpage/gaoptout",
  },
  term: "Fall 2026",
  laterTerms: [
    { value: "SP27", label: "Spring 2027" },
    { value: "SU27", label: "Summer 2027" },
    { value: "FA27", label: "Fall 2027" },
  ],
  majors: {
    transfer: [
      { code: "10", name: "Accounting" },
      { code: "11", name: "Biology" },
      { code: "12", name: "Biomedical Engineering" },
      { code: "13", name: "Biotechnology" },
      { code: "14", name: "Business Administration" },
      { code: "15", name: "Chemistry" },
      { code: "16", name: "Childhood Education" },
      { code: "17", name: "Computer Science" },
      { code: "18", name: "English" },
      { code: "19", name: "Environmental Science" },
      { code: "20", name: "History" },
      { code: "21", name: "Music" },
      { code: "22", name: "Music Education" },
      { code: "23", name: "Nursing (RN to BSN)" },
      { code: "24", name: "Pharmaceutical Sciences" },
      { code: "25", name: "Physics" },
      { code: "26", name: "Political Science" },
      { code: "27", name: "Psychology" },
      { code: "28", name: "Special Education" },
      { code: "29", name: "Undecided" },
    ],
    secondDegree: [
      { code: "50", name: "Accounting" },
      { code: "51", name: "Computer Science" },
      { code: "52", name: "Health Sciences" },
      { code: "53", name: "Nursing" },
      { code: "54", name: "Psychology" },
    ],
    accelerated: [
      { code: "70", name: "Biology / Master of Science in Biotechnology" },
      { code: "71", name: "Environmental Science / Master of Science" },
      { code: "72", name: "Political Science / Juris Doctor (3+3 Law)" },
      { code: "73", name: "Psychology / Master of Science in Education" },
      { code: "74", name: "Special Education / Master of Science" },
    ],
    secondDegreeNursing: "53",
    questionsByMajor: {
      music_instrument: ["21", "22"],
      bme_bsn_dual: ["12"],
      ms_spec_ed: ["16", "28", "74"],
      lib_arts_dual: ["18", "20", "26"],
      ms_ed_dual: ["16", "73"],
      ms_env_science_dual: ["19", "71"],
      ms_biotech_dual: ["11", "13", "70"],
      baphys_bseng_pitt_cwu: ["25"],
      accelerated_law: ["72"],
    },
  },
  pharmacyPartner: {
    name: "Harbor Health Pharmacies",
    locations: [
      { value: "1", label: "A Harbor Health pharmacy in the Northbridge region" },
      { value: "2", label: "A Harbor Health pharmacy elsewhere" },
    ],
  },
  draftLinks: { lifetimeDays: 30 },
  // Every upload is optional: official transcripts and scores come from the schools and testing
  // agencies after admission, and a statement or résumé must not stand between an applicant and
  // submitting (decision 0014).
  documents: {
    personalStatement: {
      label: "Personal statement",
      description:
        "Tell us why you want to continue your studies at Northbridge University and what you hope to achieve. Write it here, or upload it as a file.",
      required: false,
    },
    resume: {
      label: "Résumé",
      description: "Your work, volunteer and leadership experience, if you would like us to consider it.",
      required: false,
    },
    collegeTranscript: {
      label: "Unofficial transcript",
      description:
        "A copy of your transcript from this college helps us review your credits sooner. We will ask for an official transcript if you are admitted.",
      required: false,
    },
    englishTestReport: {
      label: "English test score report",
      description:
        "A copy of your most recent score report. Have the testing agency send us your official scores as well.",
      required: false,
    },
  },
} as const satisfies Partner;
