import type { Section } from "../../catalogue-types";
import { whenEquals, yesNoQuestion } from "../rule-builders";
import { schoolQuestions } from "./school-questions";

const transfer = whenEquals("app_type", "1");

export const highSchoolSection: Section = {
  id: "high-school",
  title: "High school",
  description: "The high school you graduated from, or where you earned your high school equivalency.",
  questions: [
    ...schoolQuestions("hs_", "hs_ceeb", "hs_ceeb", [{ type: "required" }]),
    {
      kind: "monthYear",
      key: "grad_month",
      label: "Graduation Date",
      monthKey: "grad_month",
      yearKey: "grad_year",
      years: { count: 70, direction: "past" },
      checks: [{ type: "required" }],
    },
    yesNoQuestion("grades_lower_c", "Did you earn any grades lower than a C in high school?", {
      visibleWhen: transfer,
    }),
    yesNoQuestion(
      "foreign_lang_two_years",
      "Did you complete at least two years of the same world language in high school?",
      { visibleWhen: transfer },
    ),
    yesNoQuestion("algebra_completed", "Did you complete Algebra II (or its equivalent) in high school?", {
      visibleWhen: transfer,
    }),
  ],
};
