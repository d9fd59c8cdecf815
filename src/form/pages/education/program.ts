import { type Major, type MajorQuestionKey, partner } from "../../../config/partner";
import type { Condition, OptionSource, Question, Rule, Section } from "../../catalogue-types";
import { whenEquals, whenIn, whenNo, whenYes, yesNoQuestion } from "../rule-builders";

const { majors, pharmacyPartner } = partner;
const MAJOR_LABEL = "What are you interested in studying?";

/** The three major keys, one per app_type; only the one for the chosen app_type is shown. */
export const MAJOR_KEYS = {
  transfer: "applied_major_transfer",
  secondDegree: "applied_major_second_degree",
  accelerated: "applied_major_accelerated",
} as const;

/** True while the chosen major (of whichever app_type) is one of `codes`. */
export function whenMajorIn(codes: readonly string[]): Rule {
  return { any: Object.values(MAJOR_KEYS).map((key) => whenIn(key, codes)) };
}

/** The codes of the majors that ask `key` (partner configuration: each major's `asks`). */
export function majorsAsking(key: MajorQuestionKey): string[] {
  return [...majors.transfer, ...majors.secondDegree, ...majors.accelerated]
    .filter((major) => major.asks.includes(key))
    .map((major) => major.code);
}

/** A program question asked only for the majors that ask it (none: never asked). */
const askedFor = (key: MajorQuestionKey): Rule => whenMajorIn(majorsAsking(key));

const notSecondDegree: Condition = { valueKey: "app_type", operator: "notEquals", target: "3" };

function majorQuestion(key: string, appType: string, list: readonly Major[]): Question {
  const options: OptionSource = { options: list.map(({ code, name }) => ({ value: code, label: name })) };
  return {
    kind: "select",
    key,
    label: MAJOR_LABEL,
    options,
    visibleWhen: whenEquals("app_type", appType),
    checks: [{ type: "required" }],
  };
}

function programInterest(key: MajorQuestionKey, label: string): Question {
  return yesNoQuestion(key, label, { visibleWhen: askedFor(key) });
}

export const programSection: Section = {
  id: "program",
  title: "Your program",
  description: "The program you are applying to is set by how you apply (Step One, About You).",
  questions: [
    yesNoQuestion("apply_fall", `Are you applying for ${partner.terms.current}?`, {
      checks: [{ type: "required" }],
    }),
    {
      kind: "select",
      key: "entry_term",
      label: "When do you plan to enroll?",
      options: { options: partner.terms.later.map(({ code, label }) => ({ value: code, label })) },
      visibleWhen: whenNo("apply_fall"),
      checks: [{ type: "required" }],
    },
    {
      kind: "radio",
      key: "accelerated_type",
      label: "Which kind of accelerated program are you applying to?",
      options: {
        options: [
          { value: "BM", label: "Bachelor's and master's degrees" },
          { value: "BP", label: "Bachelor's and professional degrees" },
        ],
      },
      visibleWhen: whenEquals("app_type", "4"),
    },
    majorQuestion(MAJOR_KEYS.transfer, "1", majors.transfer),
    majorQuestion(MAJOR_KEYS.secondDegree, "3", majors.secondDegree),
    majorQuestion(MAJOR_KEYS.accelerated, "4", majors.accelerated),
    {
      kind: "radio",
      key: "nursing_bsn_programlength",
      label: "Which Nursing program would you like to be considered for?",
      options: {
        options: [
          { value: "12", label: "Accelerated: 12 months of full-time study" },
          { value: "24", label: "Standard: 24 months" },
        ],
      },
      visibleWhen: askedFor("nursing_bsn_programlength"),
    },
    {
      kind: "text",
      key: "music_instrument",
      label: "What is your major instrument (or voice)?",
      description: "Music majors audition on their major instrument or voice.",
      visibleWhen: askedFor("music_instrument"),
      checks: [{ type: "required", message: "Please provide your major instrument." }],
    },
    programInterest(
      "bme_bsn_dual",
      "Are you interested in the dual-degree program in Biomedical Engineering (B.S.) and Nursing (B.S.N.)?",
    ),
    programInterest(
      "ms_spec_ed",
      "Are you interested in continuing to the Master of Science in Special Education?",
    ),
    programInterest(
      "lib_arts_dual",
      "Are you interested in the Liberal Arts dual-degree program (bachelor's and master's)?",
    ),
    programInterest(
      "ms_ed_dual",
      "Are you interested in the dual-degree program leading to a Master of Science in Education?",
    ),
    programInterest(
      "ms_env_science_dual",
      "Are you interested in the dual-degree program leading to a Master of Science in Environmental Science?",
    ),
    programInterest(
      "ms_biotech_dual",
      "Are you interested in the dual-degree program leading to a Master of Science in Biotechnology?",
    ),
    programInterest(
      "baphys_bseng_pitt_cwu",
      `Are you interested in the 3+2 engineering program: a B.A. in Physics from ${partner.name} and a B.S. in Engineering from the University of Pittsburgh or Central Washington University?`,
    ),
    programInterest(
      "accelerated_law",
      "Are you interested in the accelerated law program (bachelor's degree and J.D. in six years)?",
    ),
    // Spec §4: asked of every transfer applicant (app_type 1), whatever the major.
    yesNoQuestion(
      "pmhpp_program",
      "Are you interested in the Pre-Medical and Health Professions Program (PMHPP)?",
      { visibleWhen: whenEquals("app_type", "1") },
    ),
  ],
};

export const transferDetailsSection: Section = {
  id: "transfer-details",
  title: "Transfer credit and previous applications",
  questions: [
    {
      kind: "text",
      key: "credits_transfer",
      label: `How many credits do you expect to transfer to ${partner.name}?`,
      description: "An estimate is fine, for example 30 or 45.5.",
      maxLength: 6,
      inputMode: "decimal",
      visibleWhen: notSecondDegree,
      // Spec §5: required (the question text is the message, as for every required answer),
      // and a number, with the spec's own message for that.
      checks: [
        { type: "required" },
        {
          type: "number",
          min: 0,
          message: "Please enter a valid number of credits that you expect to transfer to {host}",
        },
      ],
    },
    yesNoQuestion("applied_previously_transfer", `Have you applied to ${partner.name} before?`),
    yesNoQuestion("srar_completed", "Have you completed a Self-Reported Academic Record (SRAR)?", {
      visibleWhen: whenEquals("app_type", "1"),
    }),
    yesNoQuestion("pharmacist_employee", `Are you currently employed by ${pharmacyPartner.name}?`),
    {
      kind: "radio",
      key: "pharmacist_location",
      label: "Where do you work?",
      options: {
        options: pharmacyPartner.locations.map((label, index) => ({ value: String(index + 1), label })),
      },
      visibleWhen: whenYes("pharmacist_employee"),
    },
    {
      kind: "text",
      key: "pharmacist_employee_number",
      label: "Employee Number",
      maxLength: 20,
      visibleWhen: whenYes("pharmacist_employee"),
    },
  ],
};
