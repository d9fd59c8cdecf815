import { describe, expect, it } from "vitest";
import type { EngineContext } from "../catalogue-types";
import { aboutPage } from "../pages/about";
import { CERTIFICATION_TEXT, finalStepsPage, WAIVER_TEXT } from "../pages/final-steps";
import { validateAnswers } from "./validate";

/** The About You page alone: the other pages have scenarios of their own. */
const aboutOnly = [aboutPage];

const ctx: EngineContext = { hostName: "Northbridge University", today: new Date(2026, 0, 15) };

/** A complete, valid About You page: the baseline each scenario changes. */
const valid: Record<string, string> = {
  app_type: "1",
  first_name: "Ada",
  last_name: "Lovelace",
  birth_date: "2000-05-01",
  gender: "F",
  country: "USA",
  address_line_1: "1 Main St",
  city: "Springfield",
  state: "IL",
  zip: "62701",
  phone_home: "(217) 555-0100",
  citizenship_type: "1",
  on_campus: "Y",
};

const errorsFor = (changes: Record<string, string>, opts?: Parameters<typeof validateAnswers>[3]) =>
  validateAnswers(aboutOnly, { ...valid, ...changes }, ctx, opts);

describe("About You validation", () => {
  it("finds nothing wrong with a complete application", () => {
    expect(validateAnswers(aboutOnly, valid, ctx)).toEqual({});
  });

  it("uses the question text as the message of a required answer", () => {
    const errors = validateAnswers(aboutOnly, {}, ctx);
    expect(errors).toMatchObject({
      app_type: ["How do you wish to apply?"],
      first_name: ["Legal First Name"],
      last_name: ["Last Name"],
      gender: ["Gender"],
      address_line_1: ["Address"],
      city: ["City"],
      country: ["Country"],
      citizenship_type: ["Select your citizenship status"],
      on_campus: ["Do you plan to live on campus?"],
    });
    expect(errorsFor({ first_name: "   " })).toEqual({ first_name: ["Legal First Name"] });
  });

  it("says the question text of a missing answer however long it is: the field and the summary show the same words", () => {
    // Spec §5: the waiver and the certification are required "with the waiver text" and "with the
    // certification text"; one message per answer, which the field and its summary link both show.
    const errors = validateAnswers([finalStepsPage], { app_type: "1", legal_agree: "false" }, ctx);
    expect(errors.legal_agree).toEqual([CERTIFICATION_TEXT]);
    expect(errors.counselor_waiver_request).toEqual([WAIVER_TEXT]);
    expect(errors.disciplinary_action).toEqual([
      "Have you ever been placed on probation, suspended, dismissed or otherwise disciplined by a college or university, for academic or conduct reasons?",
    ]);
  });

  it("skips required answers while the applicant is typing, but not format errors", () => {
    expect(validateAnswers(aboutOnly, {}, ctx, { includeRequired: false })).toEqual({});
    expect(validateAnswers(aboutOnly, { phone_home: "555" }, ctx, { includeRequired: false })).toEqual({
      phone_home: ["Please enter a valid home phone number."],
    });
  });

  describe("phones", () => {
    it("checks the (AAA) BBB-CCCC pattern with an area code starting 2–9", () => {
      expect(errorsFor({ phone_home: "(117) 555-0100" })).toEqual({
        phone_home: ["Please enter a valid home phone number."],
      });
      expect(errorsFor({ phone_home: "217-555-0100" })).toEqual({
        phone_home: ["Please enter a valid home phone number."],
      });
      expect(errorsFor({ phone_mobile: "(217) 555-010" })).toEqual({
        phone_mobile: ["Please enter a valid cell phone number."],
      });
      expect(errorsFor({ phone_mobile: "(917) 555-0100" })).toEqual({});
    });

    it("needs a cell phone to send text messages", () => {
      expect(errorsFor({ optin_sms_ind: "true" })).toEqual({
        phone_mobile: ["A cell phone number is required to receive text message updates."],
      });
      expect(errorsFor({ optin_sms_ind: "true", phone_mobile: "(917) 555-0100" })).toEqual({});
      expect(errorsFor({ optin_sms_ind: "false" })).toEqual({});
    });

    it("needs a home or cell phone", () => {
      expect(errorsFor({ phone_home: "" })).toEqual({
        phone_home: ["Please enter either a home phone or cell phone number."],
      });
      expect(errorsFor({ phone_home: "", phone_mobile: "(917) 555-0100" })).toEqual({});
    });

    it("accepts an international phone where that question is shown", () => {
      const abroad = { country: "FRA", state: "", zip: "", phone_home: "" };
      expect(errorsFor(abroad)).toEqual({
        phone_home: ["Please enter either a home phone or cell phone number."],
      });
      expect(errorsFor({ ...abroad, phone_international: "+33 1 23 45 67 89" })).toEqual({});
      // In the U.S. the international question is hidden, so its stale answer does not count.
      expect(errorsFor({ phone_home: "", phone_international: "+33 1 23 45 67 89" })).toEqual({
        phone_home: ["Please enter either a home phone or cell phone number."],
      });
    });
  });

  describe("birth date", () => {
    it("must be a real date", () => {
      expect(errorsFor({ birth_date: "" })).toEqual({ birth_date: ["A valid date of birth is required."] });
      expect(errorsFor({ birth_date: "2001-02-29" })).toEqual({
        birth_date: ["A valid date of birth is required."],
      });
      expect(errorsFor({ birth_date: "05/01/2000" })).toEqual({
        birth_date: ["A valid date of birth is required."],
      });
    });

    it("must be no more than 100 years ago", () => {
      expect(errorsFor({ birth_date: "1926-01-15" })).toEqual({});
      expect(errorsFor({ birth_date: "1926-01-14" })).toEqual({
        birth_date: ["This date is not supported. Please contact help support for assistance."],
      });
    });

    it("must be at least 13 years ago", () => {
      expect(errorsFor({ birth_date: "2013-01-15" })).toEqual({});
      expect(errorsFor({ birth_date: "2013-01-16" })).toEqual({
        birth_date: ["You must be 13 years or older to apply."],
      });
    });
  });

  describe("addresses", () => {
    it("needs a state for U.S. and Canadian addresses", () => {
      expect(errorsFor({ state: "" })).toEqual({ state: ["State/Province"] });
      expect(errorsFor({ country: "CAN", state: "", zip: "K1A 0B1" })).toEqual({ state: ["State/Province"] });
      expect(errorsFor({ country: "FRA", state: "", zip: "" })).toEqual({});
    });

    it("needs a ZIP of at least 5 characters for U.S. addresses", () => {
      expect(errorsFor({ zip: "" })).toEqual({ zip: ["ZIP/Postal Code"] });
      expect(errorsFor({ zip: "1234" })).toEqual({ zip: ["ZIP/Postal Code must be at least 5 characters."] });
      expect(errorsFor({ country: "CAN", state: "ON", zip: "" })).toEqual({});
      expect(errorsFor({ country: "CAN", state: "ON", zip: "K1A" })).toEqual({
        zip: ["ZIP/Postal Code must be at least 5 characters."],
      });
    });

    it("prefixes the mailing address's messages", () => {
      expect(
        errorsFor({ mailing_addr_same_as_perm_addr: "false", mailing_country: "USA", mailing_zip: "12" }),
      ).toEqual({
        mailing_state: ["Mailing address: State/Province"],
        mailing_zip: ["Mailing address: ZIP/Postal Code must be at least 5 characters."],
      });
    });
  });

  describe("parents", () => {
    it("checks no parent contact details without a preference or for 'neither'", () => {
      expect(errorsFor({})).toEqual({});
      expect(errorsFor({ parent_communication_preference: "3" })).toEqual({});
    });

    it("needs Parent 1's e-mail and phone for preference 1, prefixed", () => {
      expect(errorsFor({ parent_communication_preference: "1" })).toEqual({
        parent_email_address: ["Parent 1/Guardian 1: Email Address"],
        parent_phone: ["Parent 1/Guardian 1: Phone Number"],
      });
      expect(
        errorsFor({
          parent_communication_preference: "1",
          parent_email_address: "mum@",
          parent_phone: "(112) 555-0100",
        }),
      ).toEqual({
        parent_email_address: ["Parent 1/Guardian 1: Please enter a valid email address."],
        parent_phone: ["Parent 1/Guardian 1: Please enter a valid phone number."],
      });
    });

    it("needs both parents' e-mail and phone for preference 2", () => {
      const parent1 = { parent_email_address: "mum@example.org", parent_phone: "(212) 555-0100" };
      expect(errorsFor({ parent_communication_preference: "2", ...parent1 })).toEqual({
        parent_2_email_address: ["Parent 2/Guardian 2: Email Address"],
        parent_2_phone: ["Parent 2/Guardian 2: Phone Number"],
      });
      expect(errorsFor({ parent_communication_preference: "1", ...parent1 })).toEqual({});
    });
  });

  describe("citizenship and military", () => {
    it("needs the country of citizenship for statuses 2 and 3", () => {
      for (const status of ["2", "3"]) {
        expect(errorsFor({ citizenship_type: status })).toEqual({
          citizenship: ["What is your country of citizenship?"],
        });
        expect(errorsFor({ citizenship_type: status, citizenship: "MEX" })).toEqual({});
      }
      expect(errorsFor({ citizenship_type: "4", military_active: "Y" })).toEqual({});
    });

    it("checks the A-Number's format", () => {
      const message =
        "Please enter your A-Number as the letter A followed by 8 or 9 digits, with no spaces or dashes.";
      const pr = { citizenship_type: "3", citizenship: "MEX" };
      expect(errorsFor({ ...pr, alien_registration_number: "123456789" })).toEqual({
        alien_registration_number: [message],
      });
      expect(errorsFor({ ...pr, alien_registration_number: "A123456789" })).toEqual({});
    });

    it("needs military_active for status 4 and military_served when not active", () => {
      expect(errorsFor({ citizenship_type: "4" })).toEqual({
        military_active: [
          "Are you currently serving in the U.S. Armed Forces (active duty, Reserve or National Guard)?",
        ],
      });
      expect(errorsFor({ military_active: "N" })).toEqual({
        military_served: ["Have you previously served in the U.S. Armed Forces?"],
      });
      expect(errorsFor({ military_active: "N", military_served: "N" })).toEqual({});
    });
  });

  it("limits text answers to 45 characters by default", () => {
    expect(errorsFor({ first_name: "x".repeat(45) })).toEqual({});
    expect(errorsFor({ first_name: "x".repeat(46) })).toEqual({
      first_name: ["Please use no more than 45 characters."],
    });
    expect(
      errorsFor({
        parent_communication_preference: "1",
        parent_phone: "(212) 555-0100",
        parent_email_address: `${"a".repeat(90)}@example.org`,
      }),
    ).toEqual({
      parent_email_address: ["Parent 1/Guardian 1: Please use no more than 100 characters."],
    });
  });

  it("checks only what is shown", () => {
    expect(errorsFor({ other_name: "N", other_first_name: "x".repeat(60) })).toEqual({});
    expect(errorsFor({ other_name: "Y", other_first_name: "x".repeat(60) })).toEqual({
      other_first_name: ["Please use no more than 45 characters."],
    });
  });
});
