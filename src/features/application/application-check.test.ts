import { describe, expect, it } from "vitest";
import { holdAnswer } from "../form/held-answers";
import { saveCount } from "../form/ui-choices";
import { checkApplication, groupErrorsByPage, mergeErrors } from "./application-check";
import { currentServerErrors, recordRefusal, submissionState } from "./submission-state";

const OWNER = "check@example.edu";

/** Answers that show most conditional questions, several of them invalid. */
const REVEALING_ANSWERS: Record<string, string> = {
  app_type: "1",
  mailing_addr_same_as_perm_addr: "false",
  mailing_country: "USA",
  country: "USA",
  zip: "12",
  mailing_zip: "12",
  phone_home: "(115) 555-0123",
  phone_mobile: "(115) 555-0123",
  optin_sms_ind: "true",
  parent_communication_preference: "2",
  parent_email_address: "not-an-address",
  parent_2_email_address: "not-an-address",
  parent_addr_same_as_stu_perm: "false",
  parent_2_addr_same_as_stu_perm: "false",
  parent_country: "USA",
  parent_2_country: "USA",
  citizenship_type: "2",
  legacy_northbridge: "Y",
  apply_fall: "N",
  test_optional: "Y",
  sat_taken: "Y",
  sat_taken_date: "I",
  act_taken: "Y",
  clt_taken: "Y",
  criminal_charges_pending: "Y",
  disciplinary_action: "Y",
  return_institution: "N",
  conviction: "Y",
  college_country: "USA",
  college_2_country: "USA",
  college_credits: "many",
  college_2_credits: "many",
};

describe("the whole-application check", () => {
  it("requires answers on every page for an empty application", async () => {
    const errors = await checkApplication(OWNER, {});
    const pages = groupErrorsByPage(errors).map((group) => group.path);
    expect(pages).toEqual(["/about", "/education", "/final-steps"]);
    expect(errors.app_type?.length).toBeGreaterThan(0);
    expect(errors.legal_agree?.length).toBeGreaterThan(0);
  });

  it("judges the date a field holds without storing it, so the summary says what the field says", async () => {
    const recent = `${new Date().getFullYear() - 5}-01-01`;
    holdAnswer("birth_date", recent);
    try {
      expect((await checkApplication(OWNER, {})).birth_date).toEqual([
        "You must be 13 years or older to apply.",
      ]);
      holdAnswer("birth_date", "2001-02-30");
      expect((await checkApplication(OWNER, {})).birth_date).toEqual(["A valid date of birth is required."]);
    } finally {
      holdAnswer("birth_date", null);
    }
    expect((await checkApplication(OWNER, {})).birth_date).toEqual(["A valid date of birth is required."]);
  });

  it("checks the add-another blocks the applicant added, even when empty", async () => {
    const before = Object.keys(await checkApplication(OWNER, {}));
    expect(before.some((key) => key.startsWith("college_2_"))).toBe(false);
    await saveCount(OWNER, "college", 2, async () => {});
    const after = Object.keys(await checkApplication(OWNER, {}));
    expect(after.some((key) => key.startsWith("college_2_"))).toBe(true);
  });

  it("groups the errors under their page, one entry per question linking its key", () => {
    const groups = groupErrorsByPage({
      legal_agree: ["Please certify."],
      first_name: ["Legal First Name", "Please use no more than 45 characters."],
    });
    expect(groups).toEqual([
      {
        path: "/about",
        title: "About You",
        errors: [{ key: "first_name", message: "Legal First Name. Please use no more than 45 characters." }],
      },
      {
        path: "/final-steps",
        title: "Final Steps",
        errors: [{ key: "legal_agree", message: "Please certify." }],
      },
    ]);
  });

  it("lists a month/year pair once, with both fields' errors combined (spec §5)", () => {
    const groups = groupErrorsByPage({
      grad_month: ["Graduation Date"],
      grad_year: ["Graduation Date", "Please choose one of the listed options."],
      college_2_attend_to_year: ["College/University 2: Attended To"],
    });
    expect(groups).toEqual([
      {
        path: "/education",
        title: "Your Academics",
        errors: [
          { key: "grad_month", message: "Graduation Date. Please choose one of the listed options." },
          { key: "college_2_attend_to_month", message: "College/University 2: Attended To" },
        ],
      },
    ]);
  });

  it("never gives two links the same words for different questions, every block added", async () => {
    for (const buttonId of ["college", "legacy"]) await saveCount(OWNER, buttonId, 10, async () => {});
    // Empty, and then with answers that reveal more questions and fail their formats.
    for (const answers of [{}, REVEALING_ANSWERS]) {
      const entries = groupErrorsByPage(await checkApplication(OWNER, answers)).flatMap(
        (group) => group.errors,
      );
      const byText = new Map<string, string>();
      for (const { key, message } of entries) {
        expect(byText.get(message) ?? key, `"${message}" links to ${byText.get(message)} and ${key}`).toBe(
          key,
        );
        byText.set(message, key);
      }
      expect(entries.length).toBeGreaterThan(20);
    }
  });

  it("adds the server's errors to the device's without repeating a message", () => {
    expect(mergeErrors({ a: ["x"] }, { a: ["x", "y"], b: ["z"] })).toEqual({ a: ["x", "y"], b: ["z"] });
  });

  it("forgets a server error once the applicant changes that field", () => {
    const before = submissionState().attempt;
    recordRefusal({ first_name: ["Required"], last_name: ["Required"] }, { first_name: "", last_name: "" });
    expect(submissionState().attempt).toBe(before + 1);
    expect(currentServerErrors({ first_name: "Ada", last_name: "" })).toEqual({ last_name: ["Required"] });
  });
});
