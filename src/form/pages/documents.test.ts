import { describe, expect, it } from "vitest";
import { partner } from "../../config/partner";
import { FILE_ANSWERED_VALUE } from "../../shared/document-rules";
import { isKnownAnswerKey, PAGE_OF_KEY } from "../answer-keys";
import type { EngineContext } from "../catalogue-types";
import { savedLengthLimit } from "../engine/answer-limits";
import { applyAnswer } from "../engine/apply-answer";
import { fileQuestionKeys } from "../engine/file-questions";
import { answerKeysOf } from "../engine/question-keys";
import { switchTab } from "../engine/tabs";
import { validateAnswers } from "../engine/validate";
import { visiblePage } from "../engine/visibility";
import { personalStatementSection } from "./documents";
import { educationPage } from "./education";
import { finalStepsPage } from "./final-steps";
import { formPages } from "./form-pages";

// Decision 0014: which documents the form asks for, and how the engine treats them.

const ctx: EngineContext = { hostName: partner.name, today: new Date(2026, 0, 15) };
const shownKeys = (
  page: typeof finalStepsPage,
  answers: Record<string, string>,
  options: Parameters<typeof visiblePage>[2],
) =>
  visiblePage(page, answers, options).flatMap(({ blocks }) =>
    blocks.flatMap((block) => block.questions.flatMap(answerKeysOf)),
  );

describe("the documents of the form", () => {
  it("are a statement, a résumé, a transcript per college and an English score report", () => {
    expect([...fileQuestionKeys(formPages)].sort()).toEqual([
      "college_2_transcript",
      "college_3_transcript",
      "college_transcript",
      "english_test_report",
      "personal_statement_file",
      "resume_file",
    ]);
    for (const key of fileQuestionKeys(formPages)) expect(isKnownAnswerKey(key)).toBe(true);
    expect(PAGE_OF_KEY.get("resume_file")).toBe("final-steps");
    expect(PAGE_OF_KEY.get("college_2_transcript")).toBe("education");
  });

  it("are all optional: an application without any is complete", () => {
    const finalSteps = {
      criminal_charges_pending: "N",
      conviction: "N",
      counselor_waiver_request: "Y",
      legal_agree: "true",
    };
    for (const tab of ["write", "upload"]) {
      expect(
        validateAnswers([finalStepsPage], finalSteps, ctx, { tabs: { personal_statement: tab } }),
      ).toEqual({});
    }
  });

  it("hold 'ANSWERED' once converted, within the short-answer bound; the written statement holds 7,000 characters", () => {
    expect(savedLengthLimit(formPages, "resume_file")).toBeGreaterThanOrEqual(FILE_ANSWERED_VALUE.length);
    expect(savedLengthLimit(formPages, "personal_statement")).toBe(partner.longTextLimit);
  });
});

describe("the personal statement's tabs (spec §4)", () => {
  it("show anonymous visitors the text area only; a signed-in applicant the chosen tab", () => {
    expect(
      shownKeys(finalStepsPage, {}, { signedIn: false, tabs: { personal_statement: "upload" } }),
    ).toContain("personal_statement");
    expect(
      shownKeys(finalStepsPage, {}, { signedIn: false, tabs: { personal_statement: "upload" } }),
    ).not.toContain("personal_statement_file");
    const upload = shownKeys(finalStepsPage, {}, { signedIn: true, tabs: { personal_statement: "upload" } });
    expect(upload).toContain("personal_statement_file");
    expect(upload).not.toContain("personal_statement");
  });

  it("clear what the left tab holds: the written text, or the upload's answer", () => {
    const answers = { personal_statement: "I have always…", personal_statement_file: FILE_ANSWERED_VALUE };
    expect(switchTab(personalStatementSection, "write", "upload", answers)).toEqual({
      personal_statement: "",
    });
    expect(switchTab(personalStatementSection, "upload", "write", answers)).toEqual({
      personal_statement_file: "",
    });
  });
});

describe("the documents of Your Academics", () => {
  const english = { citizenship_type: "2", citizenship: "FRA" };

  it("ask for the English score report only while a test will be submitted, and clear it when not", () => {
    expect(
      shownKeys(educationPage, { ...english, english_proficiency_test: "N" }, { signedIn: true }),
    ).not.toContain("english_test_report");
    const answers = { ...english, english_proficiency_test: "Y", english_test_report: FILE_ANSWERED_VALUE };
    expect(shownKeys(educationPage, answers, { signedIn: true })).toContain("english_test_report");
    expect(applyAnswer(formPages, answers, "english_proficiency_test", "N")).toMatchObject({
      english_test_report: "",
    });
  });

  it("ask for a transcript in every college block, and a block holding one stays shown", () => {
    expect(shownKeys(educationPage, {}, { signedIn: true, counts: { college: 3 } })).toEqual(
      expect.arrayContaining(["college_transcript", "college_2_transcript", "college_3_transcript"]),
    );
    expect(
      shownKeys(educationPage, { college_2_transcript: FILE_ANSWERED_VALUE }, { signedIn: true }),
    ).toContain("college_2_transcript");
  });
});
