import { describe, expect, it } from "vitest";
import { partner } from "../../config/partner";
import { DEFAULT_TEXTAREA_MAX } from "../../shared/constants";
import { FINAL_STEPS_KEYS } from "../answer-keys";
import type { EngineContext } from "../catalogue-types";
import { savedLengthLimit } from "../engine/answer-limits";
import { applyAnswer } from "../engine/apply-answer";
import { answerKeysOf } from "../engine/question-keys";
import { validateAnswers } from "../engine/validate";
import { sectionQuestions } from "../engine/visibility";
import { CERTIFICATION_TEXT, finalStepsPage, WAIVER_TEXT } from "./final-steps";
import { formPages } from "./form-pages";

const ctx: EngineContext = { hostName: partner.name, today: new Date(2026, 0, 15) };
const valid: Record<string, string> = {
  app_type: "1",
  criminal_charges_pending: "N",
  disciplinary_action: "N",
  return_institution: "Y",
  conviction: "N",
  counselor_waiver_request: "Y",
  legal_agree: "true",
};
const errorsFor = (changes: Record<string, string>) =>
  validateAnswers([finalStepsPage], { ...valid, ...changes }, ctx);

describe("Final Steps page", () => {
  it("declares exactly the data model's final-steps keys", () => {
    const keys = finalStepsPage.sections.flatMap((s) => sectionQuestions(s).flatMap(answerKeysOf));
    expect(keys.sort()).toEqual([...FINAL_STEPS_KEYS].sort());
  });

  it("finds nothing wrong with a complete transfer application", () => {
    expect(errorsFor({})).toEqual({});
  });

  it("uses the question wording, the waiver text and the certification text as messages", () => {
    expect(validateAnswers([finalStepsPage], { app_type: "1" }, ctx)).toEqual({
      criminal_charges_pending: ["Are any criminal charges currently pending against you?"],
      disciplinary_action: [
        "Have you ever been placed on probation, suspended, dismissed or otherwise disciplined by a college or university, for academic or conduct reasons?",
      ],
      return_institution: ["Are you eligible to return to every college or university you have attended?"],
      conviction: ["Have you ever been convicted of a misdemeanor, felony or other crime?"],
      counselor_waiver_request: [WAIVER_TEXT],
      legal_agree: [CERTIFICATION_TEXT],
    });
    expect(errorsFor({ legal_agree: "false" })).toEqual({ legal_agree: [CERTIFICATION_TEXT] });
  });

  it("asks about discipline and eligibility to return of transfer applicants only", () => {
    expect(
      validateAnswers(
        [finalStepsPage],
        { ...valid, app_type: "3", disciplinary_action: "", return_institution: "" },
        ctx,
      ),
    ).toEqual({});
    const answers = { ...valid, disciplinary_action: "Y", disciplinary_action_comment: "Probation in 2021." };
    expect(applyAnswer(formPages, answers, "app_type", "4")).toMatchObject({
      disciplinary_action: "",
      disciplinary_action_comment: "",
      return_institution: "",
    });
  });

  it("requires an explanation for a yes (or, for eligibility to return, a no)", () => {
    expect(
      errorsFor({
        criminal_charges_pending: "Y",
        disciplinary_action: "Y",
        return_institution: "N",
        conviction: "Y",
      }),
    ).toEqual({
      pending_charges_comment: ["Please describe the pending charges and their current status."],
      disciplinary_action_comment: [
        "Please describe what happened, when, and what you have learned from it.",
      ],
      return_institution_comment: ["Please explain why you are not eligible to return."],
      conviction_comment: ["Please describe the conviction, including the date and the outcome."],
    });
    expect(errorsFor({ return_institution: "Y", return_institution_comment: "" })).toEqual({});
  });

  it("clears an explanation when its answer changes, and holds it to the text-area default of 1,500", () => {
    const answers = { ...valid, conviction: "Y", conviction_comment: "x".repeat(DEFAULT_TEXTAREA_MAX) };
    expect(validateAnswers([finalStepsPage], answers, ctx)).toEqual({});
    expect(
      validateAnswers([finalStepsPage], { ...answers, conviction_comment: "x".repeat(1501) }, ctx),
    ).toEqual({
      conviction_comment: ["Please use no more than 1500 characters."],
    });
    // The same bound on save: explanations are comments, not the partner's long essays.
    for (const key of [
      "pending_charges_comment",
      "disciplinary_action_comment",
      "return_institution_comment",
      "conviction_comment",
    ]) {
      expect(savedLengthLimit(formPages, key), key).toBe(DEFAULT_TEXTAREA_MAX);
    }
    expect(applyAnswer(formPages, answers, "conviction", "N")).toMatchObject({ conviction_comment: "" });
  });
});
