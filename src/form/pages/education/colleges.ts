import { partner } from "../../../config/partner";
import type { Question, Section } from "../../catalogue-types";
import { documentQuestion } from "../documents";
import { schoolQuestions } from "./school-questions";

const PREFIXES = ["college_", "college_2_", "college_3_"] as const;

function attendance(key: "attend_from" | "attend_to", label: string): Question {
  return {
    kind: "monthYear",
    key: `college_${key}_month`,
    label,
    monthKey: `college_${key}_month`,
    yearKey: `college_${key}_year`,
    years: { count: 60, direction: "past" },
    checks: [{ type: "required" }],
  };
}

/**
 * Up to three colleges; the questions are written for the first prefix, "college_". Messages name
 * the block ("College/University 1: Search for Your School", spec §5).
 */
export const collegesSection: Section = {
  id: "colleges",
  title: "Colleges and universities",
  description:
    "Every college or university where you have taken courses for credit, starting with the most recent.",
  repeat: {
    buttonId: "college",
    buttonLabel: "Add another college",
    prefixes: PREFIXES,
    messagePrefixes: PREFIXES.map((_, i) => `College/University ${i + 1}: `),
  },
  questions: [
    ...schoolQuestions("college_", "college_ceeb", "college_ceeb", [{ type: "required" }]),
    attendance("attend_from", "Attended From"),
    attendance("attend_to", "Attended To"),
    {
      kind: "select",
      key: "college_degree",
      label: "Degree Earned",
      options: {
        options: [
          { value: "none", label: "No degree" },
          { value: "certificate", label: "Certificate" },
          { value: "associate", label: "Associate degree" },
          { value: "bachelor", label: "Bachelor's degree" },
          { value: "master", label: "Master's degree" },
          { value: "doctorate", label: "Doctoral or professional degree" },
        ],
      },
    },
    {
      kind: "monthYear",
      key: "college_degree_month",
      label: "Date Degree Earned",
      monthKey: "college_degree_month",
      yearKey: "college_degree_year",
      years: { count: 60, direction: "past" },
      checks: [{ type: "custom", check: "monthYearPair" }],
    },
    {
      kind: "text",
      key: "college_credits",
      label: "Credits Earned",
      maxLength: 6,
      inputMode: "decimal",
      checks: [{ type: "number", min: 0, message: "Please enter the credits you earned as a number." }],
    },
    {
      kind: "text",
      key: "college_gpa",
      label: "Cumulative GPA",
      description: "On the scale your college uses, for example 3.25.",
      maxLength: 5,
      inputMode: "decimal",
      checks: [{ type: "number", min: 0, max: 5, message: "Please enter your GPA as a number from 0 to 5." }],
    },
    // One per block: college_transcript, college_2_transcript, college_3_transcript.
    documentQuestion("college_transcript", partner.documents.collegeTranscript),
  ],
};
