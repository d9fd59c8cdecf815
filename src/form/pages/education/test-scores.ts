import { partner } from "../../../config/partner";
import type { Question, Rule, Section } from "../../catalogue-types";
import { documentQuestion } from "../documents";
import { whenEquals, whenNo, whenYes, yesNoQuestion } from "../rule-builders";

type Bounds = { min: number; max: number; step?: number };

export const SAT_SECTION_BOUNDS: Bounds = { min: 200, max: 800, step: 10 };
export const SAT_TOTAL_BOUNDS: Bounds = { min: 400, max: 1600, step: 10 };
export const SAT_ESSAY_BOUNDS: Bounds = { min: 2, max: 8 };
export const ACT_COMPOSITE_BOUNDS: Bounds = { min: 1, max: 36 };
export const CLT_COMPOSITE_BOUNDS: Bounds = { min: 0, max: 120 };
export const CLT_SECTION_BOUNDS: Bounds = { min: 0, max: 40 };

export function scoreMessage({ min, max, step }: Bounds): string {
  const steps = step ? `, in steps of ${step}` : "";
  return `Please enter a score from ${min} to ${max}${steps}.`;
}

/** A score: required while shown (its version or Y flag), a whole number within the test's bounds. */
function score(key: string, label: string, bounds: Bounds, visibleWhen: Rule): Question {
  return {
    kind: "text",
    key,
    label,
    maxLength: 4,
    inputMode: "numeric",
    visibleWhen,
    checks: [
      { type: "required" },
      {
        type: "number",
        min: bounds.min,
        max: bounds.max,
        step: bounds.step ?? 1,
        message: scoreMessage(bounds),
      },
    ],
  };
}

function plannedDate(test: "sat" | "act" | "clt", name: string): Question {
  return {
    kind: "monthYear",
    key: `${test}_test_month`,
    label: `When do you plan to take the ${name}?`,
    monthKey: `${test}_test_month`,
    yearKey: `${test}_test_year`,
    years: { count: 3, direction: "future" },
    visibleWhen: whenNo(`${test}_taken`),
    checks: [{ type: "custom", check: "monthYearPair" }],
  };
}

export const testPolicySection: Section = {
  id: "test-policy",
  title: "Standardized tests",
  description: `${partner.name} is test-optional: you decide whether we consider your SAT, ACT or CLT scores.`,
  questions: [
    yesNoQuestion("test_optional", "Would you like us to consider your standardized test scores?", {
      checks: [{ type: "required" }],
    }),
  ],
};

const oldSat = whenEquals("sat_taken_date", "P");
const newSat = whenEquals("sat_taken_date", "I");

export const satSection: Section = {
  id: "sat",
  title: "SAT",
  description: `Have your official scores sent to ${partner.name} with SAT code ${partner.testCodes.sat}.`,
  visibleWhen: whenYes("test_optional"),
  questions: [
    yesNoQuestion("sat_taken", "Have you taken the SAT?"),
    {
      kind: "radio",
      key: "sat_taken_date",
      label: "When did you take the SAT?",
      options: {
        options: [
          { value: "P", label: "Before March 2016" },
          { value: "I", label: "March 2016 or later" },
        ],
      },
      visibleWhen: whenYes("sat_taken"),
    },
    plannedDate("sat", "SAT"),
    score("sat_v1_score_reading", "Critical Reading", SAT_SECTION_BOUNDS, oldSat),
    score("sat_v1_score_math", "Math", SAT_SECTION_BOUNDS, oldSat),
    score("sat_v1_score_writing", "Writing", SAT_SECTION_BOUNDS, oldSat),
    score("sat_score_reading_writing", "Evidence-Based Reading and Writing", SAT_SECTION_BOUNDS, newSat),
    score("sat_score_math", "Math", SAT_SECTION_BOUNDS, newSat),
    score("sat_score_total", "Total Score", SAT_TOTAL_BOUNDS, newSat),
    score("sat_score_essay_reading", "Essay: Reading", SAT_ESSAY_BOUNDS, newSat),
    score("sat_score_essay_analysis", "Essay: Analysis", SAT_ESSAY_BOUNDS, newSat),
    score("sat_score_essay_writing", "Essay: Writing", SAT_ESSAY_BOUNDS, newSat),
  ],
};

export const actSection: Section = {
  id: "act",
  title: "ACT",
  description: `Have your official scores sent to ${partner.name} with ACT code ${partner.testCodes.act}.`,
  visibleWhen: whenYes("test_optional"),
  questions: [
    yesNoQuestion("act_taken", "Have you taken the ACT?"),
    score("act_score_composite", "ACT Composite Score", ACT_COMPOSITE_BOUNDS, whenYes("act_taken")),
    plannedDate("act", "ACT"),
  ],
};

const cltTaken = whenYes("clt_taken");

export const cltSection: Section = {
  id: "clt",
  title: "CLT (Classic Learning Test)",
  visibleWhen: whenYes("test_optional"),
  questions: [
    yesNoQuestion("clt_taken", "Have you taken the CLT?"),
    score("clt_score_composite", "CLT Total Score", CLT_COMPOSITE_BOUNDS, cltTaken),
    score("clt_score_verbal_reasoning", "Verbal Reasoning", CLT_SECTION_BOUNDS, cltTaken),
    score("clt_score_grammar_writing", "Grammar/Writing", CLT_SECTION_BOUNDS, cltTaken),
    score("clt_score_quant_reasoning", "Quantitative Reasoning", CLT_SECTION_BOUNDS, cltTaken),
    plannedDate("clt", "CLT"),
  ],
};

/** Spec §4: not asked of U.S. citizens (type 1) or citizens of New Zealand, Australia or the UK. */
export const englishProficiencySection: Section = {
  id: "english-proficiency",
  title: "English language proficiency",
  visibleWhen: {
    all: [
      { valueKey: "citizenship_type", operator: "notEquals", target: "1" },
      { valueKey: "citizenship", operator: "notIn", target: ["NZE", "AUS", "UK"] },
    ],
  },
  questions: [
    yesNoQuestion(
      "english_proficiency_test",
      "Will you submit results of an English language proficiency test?",
      { description: "If yes, select each test you have taken." },
    ),
    ...(
      [
        ["duolingo_test_taken", "Duolingo English Test"],
        ["ielts_test_taken", "IELTS Academic"],
        ["pte_test_taken", "PTE Academic"],
        ["toefl_test_taken", "TOEFL iBT"],
      ] as const
    ).map(
      ([key, label]): Question => ({
        kind: "checkbox",
        key,
        label,
        visibleWhen: whenYes("english_proficiency_test"),
      }),
    ),
    documentQuestion("english_test_report", partner.documents.englishTestReport, {
      visibleWhen: whenYes("english_proficiency_test"),
    }),
  ],
};
