import { describe, expect, it } from "vitest";
import { partner } from "../../../config/partner";
import type { EngineContext } from "../../catalogue-types";
import { applyAnswer } from "../../engine/apply-answer";
import { answerKeysOf } from "../../engine/question-keys";
import { validateAnswers } from "../../engine/validate";
import { visiblePage } from "../../engine/visibility";
import { educationPage } from "../education";
import { formPages } from "../form-pages";

const ctx: EngineContext = { hostName: partner.name, today: new Date(2026, 0, 15) };
const base: Record<string, string> = {
  app_type: "3",
  citizenship_type: "1",
  apply_fall: "Y",
  applied_major_second_degree: "50",
  hs_name: "Central High School",
  grad_month: "6",
  grad_year: "2015",
  college_name: "State University",
  college_attend_from_month: "9",
  college_attend_from_year: "2015",
  college_attend_to_month: "5",
  college_attend_to_year: "2019",
  test_optional: "Y",
};
const errorsFor = (changes: Record<string, string>) =>
  validateAnswers([educationPage], { ...base, ...changes }, ctx);
const shown = (changes: Record<string, string>) =>
  visiblePage(educationPage, { ...base, ...changes }, { signedIn: true }).flatMap(({ blocks }) =>
    blocks.flatMap((block) => block.questions.flatMap(answerKeysOf)),
  );

const SAT_SECTION = "Please enter a score from 200 to 800, in steps of 10.";

describe("test scores", () => {
  it("asks about the SAT, ACT and CLT only when scores are to be considered", () => {
    expect(shown({ test_optional: "N" })).not.toEqual(expect.arrayContaining(["sat_taken"]));
    expect(shown({})).toEqual(expect.arrayContaining(["sat_taken", "act_taken", "clt_taken"]));
    const answers = { ...base, act_taken: "Y", act_score_composite: "30" };
    expect(applyAnswer(formPages, answers, "test_optional", "N")).toMatchObject({
      act_taken: "",
      act_score_composite: "",
    });
  });

  it("asks the SAT version when taken, the planned date when not", () => {
    expect(shown({ sat_taken: "Y" })).toContain("sat_taken_date");
    expect(shown({ sat_taken: "Y" })).not.toContain("sat_test_month");
    expect(shown({ sat_taken: "N" })).toEqual(expect.arrayContaining(["sat_test_month", "sat_test_year"]));
    expect(errorsFor({ sat_taken: "N", sat_test_month: "10" })).toEqual({
      sat_test_month: ["When do you plan to take the SAT?"],
      sat_test_year: ["When do you plan to take the SAT?"],
    });
  });

  it("requires the old SAT's scores for version P, within 200–800 in steps of 10", () => {
    expect(errorsFor({ sat_taken: "Y", sat_taken_date: "P" })).toEqual({
      sat_v1_score_reading: ["Critical Reading"],
      sat_v1_score_math: ["Math"],
      sat_v1_score_writing: ["Writing"],
    });
    expect(
      errorsFor({
        sat_taken: "Y",
        sat_taken_date: "P",
        sat_v1_score_reading: "805",
        sat_v1_score_math: "655",
        sat_v1_score_writing: "190",
      }),
    ).toEqual({
      sat_v1_score_reading: [SAT_SECTION],
      sat_v1_score_math: [SAT_SECTION],
      sat_v1_score_writing: [SAT_SECTION],
    });
  });

  it("requires the new SAT's scores and essay for version I, and clears them on a version change", () => {
    const newSat = {
      sat_taken: "Y",
      sat_taken_date: "I",
      sat_score_reading_writing: "650",
      sat_score_math: "700",
      sat_score_total: "1350",
      sat_score_essay_reading: "6",
      sat_score_essay_analysis: "5",
      sat_score_essay_writing: "7",
    };
    expect(errorsFor(newSat)).toEqual({});
    expect(errorsFor({ ...newSat, sat_score_total: "1605", sat_score_essay_reading: "9" })).toEqual({
      sat_score_total: ["Please enter a score from 400 to 1600, in steps of 10."],
      sat_score_essay_reading: ["Please enter a score from 2 to 8."],
    });
    expect(errorsFor({ ...newSat, sat_score_math: "" })).toEqual({ sat_score_math: ["Math"] });
    expect(shown(newSat)).not.toContain("sat_v1_score_math");
    expect(applyAnswer(formPages, { ...base, ...newSat }, "sat_taken_date", "P")).toMatchObject({
      sat_score_total: "",
      sat_score_essay_writing: "",
    });
  });

  it("checks the ACT composite (1–36) when taken, the date when not", () => {
    expect(errorsFor({ act_taken: "Y" })).toEqual({ act_score_composite: ["ACT Composite Score"] });
    expect(errorsFor({ act_taken: "Y", act_score_composite: "37" })).toEqual({
      act_score_composite: ["Please enter a score from 1 to 36."],
    });
    expect(errorsFor({ act_taken: "Y", act_score_composite: "0" })).toEqual({
      act_score_composite: ["Please enter a score from 1 to 36."],
    });
    expect(shown({ act_taken: "N" })).toEqual(expect.arrayContaining(["act_test_month", "act_test_year"]));
    expect(shown({ act_taken: "N" })).not.toContain("act_score_composite");
  });

  it("checks the CLT total (0–120) and section scores (0–40) when taken", () => {
    const clt = {
      clt_taken: "Y",
      clt_score_composite: "121",
      clt_score_verbal_reasoning: "41",
      clt_score_grammar_writing: "0",
      clt_score_quant_reasoning: "",
    };
    expect(errorsFor(clt)).toEqual({
      clt_score_composite: ["Please enter a score from 0 to 120."],
      clt_score_verbal_reasoning: ["Please enter a score from 0 to 40."],
      clt_score_quant_reasoning: ["Quantitative Reasoning"],
    });
    expect(shown({ clt_taken: "N" })).toEqual(expect.arrayContaining(["clt_test_month", "clt_test_year"]));
  });
});

describe("English language proficiency", () => {
  const flags = ["duolingo_test_taken", "ielts_test_taken", "pte_test_taken", "toefl_test_taken"];

  it("is not asked of U.S. citizens or citizens of New Zealand, Australia or the UK", () => {
    expect(shown({ citizenship_type: "1" })).not.toContain("english_proficiency_test");
    for (const citizenship of ["NZE", "AUS", "UK"]) {
      expect(shown({ citizenship_type: "3", citizenship })).not.toContain("english_proficiency_test");
    }
    expect(shown({ citizenship_type: "3", citizenship: "FRA" })).toContain("english_proficiency_test");
  });

  it("shows the test-taken flags for a yes, and clears them when no longer asked", () => {
    expect(shown({ citizenship_type: "3", citizenship: "FRA" })).not.toContain("ielts_test_taken");
    const answers = {
      ...base,
      citizenship_type: "3",
      citizenship: "FRA",
      english_proficiency_test: "Y",
      ielts_test_taken: "true",
    };
    expect(shown(answers)).toEqual(expect.arrayContaining(flags));
    expect(applyAnswer(formPages, answers, "citizenship", "AUS")).toMatchObject({
      english_proficiency_test: "",
      ielts_test_taken: "",
    });
  });
});
