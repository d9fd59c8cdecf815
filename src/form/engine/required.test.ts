import { describe, expect, it } from "vitest";
import { COMPLETE_APPLICATION } from "../../../tests/helpers/complete-application";
import type { EngineContext, FormPage } from "../catalogue-types";
import { aboutPage } from "../pages/about";
import { educationPage } from "../pages/education";
import { finalStepsPage } from "../pages/final-steps";
import { formPages } from "../pages/form-pages";
import { indexCatalogue } from "./catalogue-index";
import { PHONE_KEYS } from "./custom-checks";
import { isQuestionRequired, requiredKeysOfPage, requirementReads } from "./required";
import { validateAnswers } from "./validate";
import { visiblePage } from "./visibility";

// Scenarios: answer a question, see which questions became required. A signed-in applicant unless
// a scenario says otherwise.

type Answers = Record<string, string>;
const signedIn = { signedIn: true };
const required = (page: FormPage, answers: Answers = {}, counts: Record<string, number> = {}) =>
  [...requiredKeysOfPage(page, answers, { ...signedIn, counts })].sort();

describe("what a fresh application requires", () => {
  it("asks for the spec's required answers on each step, and nothing else", () => {
    expect(required(aboutPage)).toEqual(
      [
        "app_type",
        "first_name",
        "last_name",
        "birth_date",
        "gender",
        "country",
        "address_line_1",
        "city",
        "citizenship_type",
        "on_campus",
      ].sort(),
    );
    expect(required(educationPage)).toEqual(
      [
        "apply_fall",
        "credits_transfer",
        "hs_name",
        "grad_month",
        "grad_year",
        "college_name",
        "college_attend_from_month",
        "college_attend_from_year",
        "college_attend_to_month",
        "college_attend_to_year",
        "test_optional",
      ].sort(),
    );
    expect(required(finalStepsPage)).toEqual(
      ["criminal_charges_pending", "conviction", "counselor_waiver_request", "legal_agree"].sort(),
    );
  });

  it("is the same for an anonymous visitor, who fills the same form", () => {
    for (const page of formPages) {
      expect([...requiredKeysOfPage(page, {}, { signedIn: false })].sort()).toEqual(required(page));
    }
  });
});

describe("conditional requirements appear when their condition holds", () => {
  it("a state for the United States and Canada, a ZIP code for the United States only", () => {
    expect(required(aboutPage, { country: "USA" })).toEqual(expect.arrayContaining(["state", "zip"]));
    const canada = required(aboutPage, { country: "CAN" });
    expect(canada).toContain("state");
    expect(canada).not.toContain("zip");
    const france = required(aboutPage, { country: "FRA" });
    expect(france).not.toContain("state");
    expect(france).not.toContain("zip");
  });

  it("a cell phone once the applicant asks for text messages", () => {
    expect(required(aboutPage)).not.toContain(PHONE_KEYS.mobile);
    expect(required(aboutPage, { [PHONE_KEYS.smsOptIn]: "true" })).toContain(PHONE_KEYS.mobile);
    expect(required(aboutPage, { [PHONE_KEYS.smsOptIn]: "false" })).not.toContain(PHONE_KEYS.mobile);
  });

  it("a country of citizenship for dual citizens and citizens of another country", () => {
    expect(required(aboutPage, { citizenship_type: "1" })).not.toContain("citizenship");
    expect(required(aboutPage, { citizenship_type: "2" })).toContain("citizenship");
    expect(required(aboutPage, { citizenship_type: "3" })).toContain("citizenship");
  });

  it("military service questions for military-affiliated applicants", () => {
    expect(required(aboutPage, { citizenship_type: "1" })).not.toContain("military_active");
    expect(required(aboutPage, { citizenship_type: "4" })).toContain("military_active");
    expect(required(aboutPage, { citizenship_type: "4", military_active: "N" })).toContain("military_served");
    expect(required(aboutPage, { citizenship_type: "4", military_active: "Y" })).not.toContain(
      "military_served",
    );
  });

  it("the parents' e-mail and phone by whom we may contact", () => {
    const parent1 = ["parent_email_address", "parent_phone"];
    const parent2 = ["parent_2_email_address", "parent_2_phone"];
    const contact = (preference: string) =>
      required(aboutPage, { parent_communication_preference: preference });
    expect(contact("1")).toEqual(expect.arrayContaining(parent1));
    expect(contact("1")).not.toEqual(expect.arrayContaining(parent2));
    expect(contact("2")).toEqual(expect.arrayContaining([...parent1, ...parent2]));
    for (const key of [...parent1, ...parent2]) expect(contact("3")).not.toContain(key);
  });

  it("an enrolment term for applicants not starting in the fall", () => {
    expect(required(educationPage, { apply_fall: "Y" })).not.toContain("entry_term");
    expect(required(educationPage, { apply_fall: "N" })).toContain("entry_term");
  });

  it("credits to transfer unless the application is for a second degree", () => {
    expect(required(educationPage, { app_type: "1" })).toContain("credits_transfer");
    expect(required(educationPage, { app_type: "3" })).not.toContain("credits_transfer");
  });

  it("test scores for the version of the SAT the applicant took", () => {
    const tookNewSat = { test_optional: "Y", sat_taken: "Y", sat_taken_date: "I" };
    expect(required(educationPage, { test_optional: "N" })).not.toContain("sat_score_total");
    expect(required(educationPage, tookNewSat)).toEqual(
      expect.arrayContaining(["sat_score_reading_writing", "sat_score_math", "sat_score_total"]),
    );
    expect(required(educationPage, tookNewSat)).not.toContain("sat_v1_score_reading");
  });

  it("an explanation only for the answer that needs one", () => {
    expect(required(finalStepsPage, { criminal_charges_pending: "N" })).not.toContain(
      "pending_charges_comment",
    );
    expect(required(finalStepsPage, { criminal_charges_pending: "Y" })).toContain("pending_charges_comment");
    expect(required(finalStepsPage, { app_type: "1", return_institution: "N" })).toContain(
      "return_institution_comment",
    );
  });

  it("the transfer questions on conduct only for transfer applicants", () => {
    expect(required(finalStepsPage, { app_type: "1" })).toEqual(
      expect.arrayContaining(["disciplinary_action", "return_institution"]),
    );
    expect(required(finalStepsPage, { app_type: "3" })).not.toContain("disciplinary_action");
  });

  it("a second college's name and dates once its block is added", () => {
    expect(required(educationPage, {}, { college: 2 })).toEqual(
      expect.arrayContaining(["college_2_name", "college_2_attend_from_month", "college_2_attend_to_year"]),
    );
    expect(required(educationPage, {}, { college: 1 })).not.toContain("college_2_name");
  });

  it("never requires a question that is not shown", () => {
    for (const page of formPages) {
      const answers = { ...COMPLETE_APPLICATION, country: "USA", parent_communication_preference: "2" };
      const shown = new Set(
        visiblePage(page, answers, signedIn).flatMap(({ blocks }) =>
          blocks.flatMap((block) => block.questions.map((question) => question.key)),
        ),
      );
      for (const key of required(page, answers)) {
        const question = page.sections
          .flatMap((section) => section.questions)
          .find((candidate) => isQuestionRequired(candidate, new Set([key])));
        if (question) expect(shown.has(question.key)).toBe(true);
      }
    }
  });
});

describe("the marks agree with validation", () => {
  const ctx: EngineContext = { hostName: "Northbridge University", today: new Date(2026, 0, 15) };
  /** Answers from several points of a journey, each with a different set of conditions holding. */
  const journeys: Answers[] = [
    {},
    { ...COMPLETE_APPLICATION },
    {
      country: "CAN",
      citizenship_type: "3",
      parent_communication_preference: "2",
      [PHONE_KEYS.smsOptIn]: "true",
    },
    { country: "USA", citizenship_type: "4", military_active: "N", apply_fall: "N", app_type: "4" },
    { test_optional: "Y", sat_taken: "Y", sat_taken_date: "P", act_taken: "Y", clt_taken: "Y" },
    {
      criminal_charges_pending: "Y",
      conviction: "Y",
      app_type: "1",
      disciplinary_action: "Y",
      return_institution: "N",
    },
  ];
  /**
   * "Please enter either a home phone or cell phone number." asks for any one of several numbers,
   * not for the home phone as such: the phones' section says so instead of a mark.
   */
  const anyOneOf = new Set<string>([PHONE_KEYS.home]);
  const index = indexCatalogue(formPages);
  const unanswered = (answers: Answers, key: string) => {
    const value = (answers[key] ?? "").trim();
    return index.byKey.get(key)?.question.kind === "checkbox" ? value !== "true" : value === "";
  };

  it("every unanswered marked question is reported missing, and every missing answer was marked", () => {
    for (const answers of journeys) {
      for (const page of formPages) {
        const marked = requiredKeysOfPage(page, answers, signedIn);
        const all = validateAnswers([page], answers, ctx);
        const formatOnly = validateAnswers([page], answers, ctx, { includeRequired: false });
        const missing = Object.keys(all).filter(
          (key) => unanswered(answers, key) && (all[key]?.length ?? 0) > (formatOnly[key]?.length ?? 0),
        );
        for (const key of marked) {
          if (unanswered(answers, key)) expect(missing, `${page.id}: ${key} is marked`).toContain(key);
        }
        for (const key of missing.filter((key) => !anyOneOf.has(key))) {
          expect(marked.has(key), `${page.id}: ${key} is reported missing`).toBe(true);
        }
      }
    }
  });

  it("names the answers each requirement depends on", () => {
    const question = (key: string) => index.byKey.get(key)?.question;
    const readsOf = (key: string) => {
      const found = question(key);
      return found ? requirementReads(found) : undefined;
    };
    expect(readsOf("state")).toEqual(["country"]);
    expect(readsOf("mailing_zip")).toEqual(["mailing_country"]);
    expect(readsOf(PHONE_KEYS.home)).toEqual([PHONE_KEYS.smsOptIn]);
    expect(readsOf("citizenship")).toEqual(["citizenship_type"]);
    expect(readsOf("parent_communication_preference")).toEqual(["parent_communication_preference"]);
  });
});
