import { describe, expect, it } from "vitest";
import type { EngineContext, FormPage, Question } from "../catalogue-types";
import { validateAnswers } from "./validate";

const ctx: EngineContext = { hostName: "Northbridge University", today: new Date(2026, 0, 15) };

const pageOf = (questions: Question[], extra: Partial<FormPage["sections"][number]> = {}): FormPage[] => [
  { id: "education", title: "T", intro: "", sections: [{ id: "s", title: "S", questions, ...extra }] },
];

describe("generic checks", () => {
  it("limits a text area to 1500 characters by default, or to its own limit", () => {
    const pages = pageOf([
      { kind: "textarea", key: "essay", label: "Essay" },
      { kind: "textarea", key: "note", label: "Note", maxLength: 10 },
    ]);
    expect(validateAnswers(pages, { essay: "x".repeat(1500) }, ctx)).toEqual({});
    expect(validateAnswers(pages, { essay: "x".repeat(1501), note: "x".repeat(11) }, ctx)).toEqual({
      essay: ["Please use no more than 1500 characters."],
      note: ["Please use no more than 10 characters."],
    });
  });

  it("checks numbers against min, max and step, with one message", () => {
    const message = "Please enter a valid SAT score.";
    const pages = pageOf([
      {
        kind: "text",
        key: "sat",
        label: "SAT",
        checks: [{ type: "number", min: 200, max: 800, step: 10, message }],
      },
    ]);
    for (const ok of ["", "200", "800", "650"]) expect(validateAnswers(pages, { sat: ok }, ctx)).toEqual({});
    for (const bad of ["190", "810", "655", "abc"])
      expect(validateAnswers(pages, { sat: bad }, ctx)).toEqual({ sat: [message] });
  });

  it("runs a number check only while its rule holds", () => {
    const pages = pageOf([
      {
        kind: "text",
        key: "credits",
        label: "Credits",
        checks: [
          {
            type: "number",
            min: 0,
            message: "Bad",
            when: { valueKey: "app_type", operator: "notEquals", target: "3" },
          },
        ],
      },
    ]);
    expect(validateAnswers(pages, { credits: "-1", app_type: "1" }, ctx)).toEqual({ credits: ["Bad"] });
    expect(validateAnswers(pages, { credits: "-1", app_type: "3" }, ctx)).toEqual({});
  });

  it("checks e-mail, pattern and minimum length only when answered", () => {
    const pages = pageOf([
      { kind: "text", key: "email", label: "Email", checks: [{ type: "email", message: "Bad email" }] },
      {
        kind: "text",
        key: "code",
        label: "Code",
        checks: [{ type: "pattern", regex: "^\\d+$", message: "Digits" }],
      },
      { kind: "text", key: "zip", label: "ZIP", checks: [{ type: "minLength", value: 5, message: "Short" }] },
    ]);
    expect(validateAnswers(pages, {}, ctx)).toEqual({});
    expect(validateAnswers(pages, { email: "a@b", code: "12a", zip: "123" }, ctx)).toEqual({
      email: ["Bad email"],
      code: ["Digits"],
      zip: ["Short"],
    });
    expect(validateAnswers(pages, { email: "a@b.org", code: "12", zip: "12345" }, ctx)).toEqual({});
  });

  it("needs a certification checkbox to be true, and counts only 'true' as a checked required box", () => {
    const pages = pageOf([
      { kind: "checkbox", key: "legal_agree", label: "I certify…", checks: [{ type: "mustBeTrue" }] },
      { kind: "checkbox", key: "box", label: "Box", checks: [{ type: "required", message: "Tick it" }] },
    ]);
    expect(validateAnswers(pages, { legal_agree: "false", box: "false" }, ctx)).toEqual({
      legal_agree: ["I certify…"],
      box: ["Tick it"],
    });
    expect(validateAnswers(pages, { legal_agree: "true", box: "true" }, ctx)).toEqual({});
  });

  it("runs a required check only while its rule holds", () => {
    const pages = pageOf([
      {
        kind: "text",
        key: "entry_term",
        label: "When do you plan to enroll?",
        checks: [{ type: "required", when: { valueKey: "apply_fall", operator: "equals", target: "N" } }],
      },
    ]);
    expect(validateAnswers(pages, { apply_fall: "Y" }, ctx)).toEqual({});
    expect(validateAnswers(pages, { apply_fall: "N" }, ctx)).toEqual({
      entry_term: ["When do you plan to enroll?"],
    });
  });

  it("puts a month/year pair's errors on both keys", () => {
    const pages = pageOf([
      {
        kind: "monthYear",
        key: "grad_month",
        label: "Graduation Date",
        monthKey: "grad_month",
        yearKey: "grad_year",
        years: { count: 10, direction: "past" },
        checks: [{ type: "required" }, { type: "custom", check: "monthYearPair" }],
      },
    ]);
    expect(validateAnswers(pages, { grad_month: "6" }, ctx)).toEqual({
      grad_month: ["Graduation Date"],
      grad_year: ["Graduation Date"],
    });
    expect(validateAnswers(pages, {}, ctx)).toEqual({
      grad_month: ["Graduation Date"],
      grad_year: ["Graduation Date"],
    });
    expect(validateAnswers(pages, { grad_month: "6", grad_year: "ANSWERED" }, ctx)).toEqual({});
  });

  it("replaces {host} with the institution's name and de-duplicates messages", () => {
    const pages = pageOf([
      {
        kind: "text",
        key: "credits",
        label: "Credits",
        checks: [
          { type: "number", message: "Please enter a valid number of credits for {host}" },
          { type: "pattern", regex: "^\\d+$", message: "Please enter a valid number of credits for {host}" },
        ],
      },
    ]);
    expect(validateAnswers(pages, { credits: "many" }, ctx)).toEqual({
      credits: ["Please enter a valid number of credits for Northbridge University"],
    });
  });

  it("validates signed-in-only questions for signed-in applicants (the default) only", () => {
    const pages = pageOf([
      { kind: "text", key: "doc", label: "Document", audience: "signedIn", checks: [{ type: "required" }] },
    ]);
    expect(validateAnswers(pages, {}, ctx)).toEqual({ doc: ["Document"] });
    expect(validateAnswers(pages, {}, ctx, { signedIn: false })).toEqual({});
  });

  it("validates every shown block of a repeated section, with the section's prefix", () => {
    const pages = pageOf(
      [
        {
          kind: "text",
          key: "college_name",
          label: "Search for Your School",
          checks: [{ type: "required" }],
        },
      ],
      {
        repeat: {
          buttonId: "college",
          buttonLabel: "Add",
          prefixes: ["college_", "college_2_", "college_3_"],
        },
        messagePrefix: "College: ",
      },
    );
    expect(validateAnswers(pages, {}, ctx)).toEqual({ college_name: ["College: Search for Your School"] });
    expect(validateAnswers(pages, {}, ctx, { counts: { college: 2 } })).toEqual({
      college_name: ["College: Search for Your School"],
      college_2_name: ["College: Search for Your School"],
    });
  });

  it("numbers the messages of each repeated block by its own prefix", () => {
    const pages = pageOf(
      [
        {
          kind: "text",
          key: "college_name",
          label: "Search for Your School",
          checks: [{ type: "required" }],
        },
      ],
      {
        repeat: {
          buttonId: "college",
          buttonLabel: "Add",
          prefixes: ["college_", "college_2_"],
          messagePrefixes: ["College/University 1: ", "College/University 2: "],
        },
        messagePrefix: "College: ",
      },
    );
    expect(validateAnswers(pages, {}, ctx, { counts: { college: 2 } })).toEqual({
      college_name: ["College/University 1: Search for Your School"],
      college_2_name: ["College/University 2: Search for Your School"],
    });
  });
});

describe("coded answers hold one of their options", () => {
  const NOT_AN_OPTION = ["Please choose one of the listed options."];
  const twoOptions = {
    options: [
      { value: "1", label: "One" },
      { value: "2", label: "Two" },
    ],
  };
  const pages = pageOf([
    { kind: "radio", key: "app_type", label: "How do you wish to apply?", options: twoOptions },
    { kind: "select", key: "country", label: "Country", options: { list: "countries" } },
    { kind: "select", key: "from_year", label: "Year", options: { years: { count: 3, direction: "past" } } },
    {
      kind: "conditionalSelect",
      key: "major",
      label: "Major",
      controllerKey: "app_type",
      mode: "displayAndOptions",
      options: { "1": { options: [{ value: "bio", label: "Biology" }] }, "2": twoOptions },
    },
    {
      kind: "monthYear",
      key: "grad_month",
      label: "Graduation Date",
      monthKey: "grad_month",
      yearKey: "grad_year",
      years: { count: 5, direction: "past" },
    },
    { kind: "checkbox", key: "optin", label: "Send me news" },
    { kind: "text", key: "note", label: "Note" },
  ]);

  it("accepts every offered value, and no answer at all", () => {
    expect(validateAnswers(pages, {}, ctx)).toEqual({});
    const answers = {
      app_type: "2",
      country: "USA",
      from_year: "2024",
      major: "1",
      grad_month: "12",
      grad_year: "2022",
      optin: "false",
      note: "9",
    };
    expect(validateAnswers(pages, answers, ctx)).toEqual({});
    expect(validateAnswers(pages, { ...answers, optin: "true", app_type: "1", major: "bio" }, ctx)).toEqual(
      {},
    );
  });

  it("refuses a radio or select value that is not offered (the app_type 9 of issue 11)", () => {
    expect(validateAnswers(pages, { app_type: "9" }, ctx)).toEqual({ app_type: NOT_AN_OPTION });
    expect(validateAnswers(pages, { country: "Atlantis" }, ctx)).toEqual({ country: NOT_AN_OPTION });
    // Values are compared exactly: a padded code is not the code.
    expect(validateAnswers(pages, { app_type: " 1" }, ctx)).toEqual({ app_type: NOT_AN_OPTION });
  });

  it("checks a year list against the years it offers today", () => {
    expect(validateAnswers(pages, { from_year: "2026" }, ctx)).toEqual({});
    expect(validateAnswers(pages, { from_year: "2023" }, ctx)).toEqual({ from_year: NOT_AN_OPTION });
    expect(validateAnswers(pages, { from_year: "2027" }, ctx)).toEqual({ from_year: NOT_AN_OPTION });
  });

  it("checks a conditional select against the options for the controller's current answer", () => {
    expect(validateAnswers(pages, { app_type: "1", major: "2" }, ctx)).toEqual({ major: NOT_AN_OPTION });
    expect(validateAnswers(pages, { app_type: "2", major: "bio" }, ctx)).toEqual({ major: NOT_AN_OPTION });
  });

  it("puts a bad month or year on both keys of the pair, and accepts the ANSWERED placeholder when no year is chosen", () => {
    const both = { grad_month: NOT_AN_OPTION, grad_year: NOT_AN_OPTION };
    expect(validateAnswers(pages, { grad_month: "13", grad_year: "2025" }, ctx)).toEqual(both);
    expect(validateAnswers(pages, { grad_month: "1", grad_year: "1990" }, ctx)).toEqual(both);
    expect(validateAnswers(pages, { grad_month: "1", grad_year: "ANSWERED" }, ctx)).toEqual({});
    // Spec §5: the placeholder in both halves, as the pair is saved when no year is chosen.
    expect(validateAnswers(pages, { grad_month: "ANSWERED", grad_year: "ANSWERED" }, ctx)).toEqual({});
    // A year chosen asks for a real month.
    expect(validateAnswers(pages, { grad_month: "ANSWERED", grad_year: "2025" }, ctx)).toEqual(both);
    expect(validateAnswers(pages, { grad_month: "13", grad_year: "ANSWERED" }, ctx)).toEqual(both);
  });

  it('accepts only "true" and "false" for a checkbox', () => {
    for (const bad of ["yes", "1", "TRUE"])
      expect(validateAnswers(pages, { optin: bad }, ctx)).toEqual({ optin: NOT_AN_OPTION });
  });

  it("reports it while typing too (a format check, not a required one)", () => {
    expect(validateAnswers(pages, { app_type: "9" }, ctx, { includeRequired: false })).toEqual({
      app_type: NOT_AN_OPTION,
    });
  });
});
