import { describe, expect, it } from "vitest";
import { partner } from "../../config/partner";
import { MAJOR_QUESTION_KEYS } from "../../config/partner-schema";
import { EDUCATION_KEYS } from "../answer-keys";
import type { EngineContext } from "../catalogue-types";
import { applyAnswer } from "../engine/apply-answer";
import { answerKeysOf } from "../engine/question-keys";
import { validateAnswers } from "../engine/validate";
import { expandRepeat, visiblePage } from "../engine/visibility";
import { educationPage } from "./education";
import { formPages } from "./form-pages";

const ctx: EngineContext = { hostName: partner.name, today: new Date(2026, 0, 15) };
const questions = educationPage.sections.flatMap((section) =>
  expandRepeat(section, section.repeat?.prefixes.length ?? 1).flatMap((block) => block.questions),
);

/** A complete transfer applicant's Your Academics page: the baseline each scenario changes. */
const valid: Record<string, string> = {
  app_type: "1",
  citizenship_type: "1",
  apply_fall: "Y",
  applied_major_transfer: "14",
  credits_transfer: "45",
  hs_name: "Central High School",
  grad_month: "6",
  grad_year: "2022",
  college_name: "Riverside Community College",
  college_attend_from_month: "9",
  college_attend_from_year: "2022",
  college_attend_to_month: "5",
  college_attend_to_year: "2024",
  test_optional: "N",
};

const errorsFor = (changes: Record<string, string>, opts?: Parameters<typeof validateAnswers>[3]) =>
  validateAnswers([educationPage], { ...valid, ...changes }, ctx, opts);
const shownKeys = (answers: Record<string, string>) =>
  visiblePage(educationPage, answers, { signedIn: true }).flatMap(({ blocks }) =>
    blocks.flatMap((block) => block.questions.flatMap(answerKeysOf)),
  );
const shown = (changes: Record<string, string>) => shownKeys({ ...valid, ...changes });
const change = (answers: Record<string, string>, key: string, value: string) =>
  applyAnswer(formPages, answers, key, value);

describe("Your Academics page", () => {
  it("declares exactly the data model's education keys", () => {
    expect(questions.flatMap(answerKeysOf).sort()).toEqual([...EDUCATION_KEYS].sort());
  });

  it("finds nothing wrong with a complete transfer application", () => {
    expect(errorsFor({})).toEqual({});
  });

  it("uses the spec's wording for required answers", () => {
    expect(validateAnswers([educationPage], { app_type: "1", citizenship_type: "1" }, ctx)).toEqual({
      apply_fall: ["Are you applying for Fall 2026?"],
      applied_major_transfer: ["What are you interested in studying?"],
      credits_transfer: ["How many credits do you expect to transfer to Northbridge University?"],
      hs_name: ["Search for Your School"],
      grad_month: ["Graduation Date"],
      grad_year: ["Graduation Date"],
      college_name: ["College/University 1: Search for Your School"],
      college_attend_from_month: ["College/University 1: Attended From"],
      college_attend_from_year: ["College/University 1: Attended From"],
      college_attend_to_month: ["College/University 1: Attended To"],
      college_attend_to_year: ["College/University 1: Attended To"],
      test_optional: ["Would you like us to consider your standardized test scores?"],
    });
  });
});

describe("program", () => {
  it("asks for the major of the chosen app_type and clears it when app_type changes", () => {
    expect(shown({ app_type: "1" })).toContain("applied_major_transfer");
    expect(shown({ app_type: "3" })).toEqual(expect.arrayContaining(["applied_major_second_degree"]));
    expect(shown({ app_type: "3" })).not.toContain("applied_major_transfer");
    expect(shown({ app_type: "4" })).toEqual(
      expect.arrayContaining(["applied_major_accelerated", "accelerated_type"]),
    );
    expect(shown({ app_type: "1" })).not.toContain("accelerated_type");
    const transfer = { ...valid, applied_major_transfer_desc: "Chemistry" };
    expect(change(transfer, "app_type", "3")).toMatchObject({
      applied_major_transfer: "",
      applied_major_transfer_desc: "",
      credits_transfer: "",
    });
    expect(errorsFor({ app_type: "3" })).toEqual({
      applied_major_second_degree: ["What are you interested in studying?"],
    });
    expect(errorsFor({ app_type: "4", applied_major_transfer: "" })).toEqual({
      applied_major_accelerated: ["What are you interested in studying?"],
    });
  });

  it("offers the partner's majors, with Nursing as second-degree code 53", () => {
    const secondDegree = questions.find((q) => q.key === "applied_major_second_degree");
    expect(secondDegree).toMatchObject({
      options: { options: expect.arrayContaining([{ value: "53", label: "Nursing" }]) },
    });
  });

  it("asks the Nursing program length for second-degree Nursing only", () => {
    expect(shown({ app_type: "3", applied_major_second_degree: "53" })).toContain(
      "nursing_bsn_programlength",
    );
    expect(shown({ app_type: "3", applied_major_second_degree: "51" })).not.toContain(
      "nursing_bsn_programlength",
    );
    const answers = {
      ...valid,
      app_type: "3",
      applied_major_second_degree: "53",
      nursing_bsn_programlength: "12",
    };
    expect(change(answers, "applied_major_second_degree", "54")).toMatchObject({
      nursing_bsn_programlength: "",
    });
  });

  it("requires the major instrument for music majors only", () => {
    expect(errorsFor({ applied_major_transfer: "21" })).toEqual({
      music_instrument: ["Please provide your major instrument."],
    });
    expect(shown({})).not.toContain("music_instrument");
    const answers = { ...valid, applied_major_transfer: "22", music_instrument: "Cello" };
    expect(errorsFor(answers)).toEqual({});
    expect(change(answers, "applied_major_transfer", "17")).toMatchObject({ music_instrument: "" });
  });

  it("derives each program question's visibility from the partner configuration", () => {
    const lists = [
      ["transfer", "1", "applied_major_transfer"],
      ["secondDegree", "3", "applied_major_second_degree"],
      ["accelerated", "4", "applied_major_accelerated"],
    ] as const;
    for (const [list, appType, majorKey] of lists) {
      for (const major of partner.majors[list]) {
        const asked = shown({ app_type: appType, [majorKey]: major.code });
        for (const key of MAJOR_QUESTION_KEYS) {
          if (major.asks.includes(key)) expect(asked, `${key} for ${major.code}`).toContain(key);
          else expect(asked, `${key} for ${major.code}`).not.toContain(key);
        }
      }
    }
    expect(shown({ applied_major_transfer: "17" })).not.toEqual(expect.arrayContaining(["bme_bsn_dual"]));
    expect(shown({ applied_major_transfer: "12" })).toContain("bme_bsn_dual");
    expect(shown({ app_type: "4", applied_major_accelerated: "72" })).toContain("accelerated_law");
  });

  it("asks for the entry term when not starting in Fall 2026", () => {
    expect(shown({})).not.toContain("entry_term");
    expect(errorsFor({ apply_fall: "N" })).toEqual({ entry_term: ["When do you plan to enroll?"] });
    expect(change({ ...valid, apply_fall: "N", entry_term: "SP27" }, "apply_fall", "Y")).toMatchObject({
      entry_term: "",
    });
  });

  it("requires transfer credits as a number unless applying for a second degree", () => {
    const message =
      "Please enter a valid number of credits that you expect to transfer to Northbridge University";
    expect(errorsFor({ credits_transfer: "thirty" })).toEqual({ credits_transfer: [message] });
    expect(errorsFor({ credits_transfer: "-3" })).toEqual({ credits_transfer: [message] });
    expect(errorsFor({ credits_transfer: "30.5" })).toEqual({});
    // Empty, it says the answer is required (the question), not that the number is invalid.
    expect(errorsFor({ app_type: "4", applied_major_accelerated: "70", credits_transfer: "" })).toEqual({
      credits_transfer: ["How many credits do you expect to transfer to Northbridge University?"],
    });
    expect(errorsFor({ app_type: "3", applied_major_second_degree: "50", credits_transfer: "" })).toEqual({});
    expect(shown({ app_type: "3" })).not.toContain("credits_transfer");
  });

  it("asks transfer applicants about the SRAR and the pre-health program", () => {
    expect(shown({})).toContain("srar_completed");
    // Spec §4: the pre-health program follows app_type 1, whatever the major.
    for (const major of partner.majors.transfer) {
      expect(shown({ applied_major_transfer: major.code }), major.name).toContain("pmhpp_program");
    }
    expect(shown({ app_type: "3", applied_major_second_degree: "50" })).not.toContain("pmhpp_program");
    expect(shown({ app_type: "4", applied_major_accelerated: "70" })).not.toContain("pmhpp_program");
    expect(change({ ...valid, pmhpp_program: "Y" }, "app_type", "4")).toMatchObject({ pmhpp_program: "" });
    expect(shown({ app_type: "3", applied_major_second_degree: "50" })).not.toContain("srar_completed");
  });

  it("asks pharmacy employees for their location and employee number", () => {
    expect(shown({})).not.toContain("pharmacist_location");
    expect(shown({ pharmacist_employee: "Y" })).toEqual(
      expect.arrayContaining(["pharmacist_location", "pharmacist_employee_number"]),
    );
    const answers = {
      ...valid,
      pharmacist_employee: "Y",
      pharmacist_location: "2",
      pharmacist_location_desc: "A Harbor Health pharmacy elsewhere",
      pharmacist_employee_number: "77",
    };
    expect(change(answers, "pharmacist_employee", "N")).toMatchObject({
      pharmacist_location: "",
      pharmacist_location_desc: "",
      pharmacist_employee_number: "",
    });
  });
});

describe("high school and colleges", () => {
  it("finds schools by CEEB code and fills their address", () => {
    expect(questions.find((q) => q.key === "hs_name")).toMatchObject({
      kind: "autocomplete",
      category: "hs_ceeb",
      idKey: "hs_ceeb",
      fills: {
        address_line_1: "hs_address_line_1",
        city: "hs_city",
        state: "hs_state",
        zip: "hs_zip",
        country: "hs_country",
      },
    });
    expect(questions.find((q) => q.key === "college_3_name")).toMatchObject({
      category: "college_ceeb",
      idKey: "college_3_ceeb",
      fills: { city: "college_3_city" },
    });
  });

  it("does not require the CEEB code of a school typed in full", () => {
    expect(errorsFor({ hs_ceeb: "" })).toEqual({});
  });

  it("accepts the ANSWERED placeholder when no year is chosen", () => {
    expect(errorsFor({ grad_year: "ANSWERED" })).toEqual({});
    expect(errorsFor({ college_attend_to_year: "ANSWERED" })).toEqual({});
    expect(errorsFor({ grad_month: "ANSWERED", grad_year: "ANSWERED" })).toEqual({});
    expect(
      errorsFor({ college_attend_from_month: "ANSWERED", college_attend_from_year: "ANSWERED" }),
    ).toEqual({});
    expect(errorsFor({ grad_year: "" })).toEqual({
      grad_month: ["Graduation Date"],
      grad_year: ["Graduation Date"],
    });
  });

  it("asks transfer applicants about grades, languages and algebra", () => {
    const keys = ["grades_lower_c", "foreign_lang_two_years", "algebra_completed"];
    expect(shown({})).toEqual(expect.arrayContaining(keys));
    const answers = { ...valid, grades_lower_c: "N", foreign_lang_two_years: "Y", algebra_completed: "Y" };
    expect(change(answers, "app_type", "4")).toMatchObject({
      grades_lower_c: "",
      foreign_lang_two_years: "",
      algebra_completed: "",
    });
  });

  it("numbers each college's messages and checks credits and GPA", () => {
    expect(errorsFor({ college_2_credits: "lots" }, { counts: { college: 2 } })).toEqual({
      college_2_name: ["College/University 2: Search for Your School"],
      college_2_attend_from_month: ["College/University 2: Attended From"],
      college_2_attend_from_year: ["College/University 2: Attended From"],
      college_2_attend_to_month: ["College/University 2: Attended To"],
      college_2_attend_to_year: ["College/University 2: Attended To"],
      college_2_credits: ["College/University 2: Please enter the credits you earned as a number."],
    });
    expect(errorsFor({ college_gpa: "7" })).toEqual({
      college_gpa: ["College/University 1: Please enter your GPA as a number from 0 to 5."],
    });
  });
});
