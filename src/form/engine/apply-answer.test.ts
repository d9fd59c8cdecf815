import { describe, expect, it } from "vitest";
import type { FormPage } from "../catalogue-types";
import { formPages } from "../pages/form-pages";
import { applyAnswer } from "./apply-answer";

const yes = (valueKey: string) => ({ valueKey, operator: "equals" as const, target: "Y" });

const pages: readonly FormPage[] = [
  {
    id: "about",
    title: "Test",
    intro: "",
    sections: [
      {
        id: "main",
        title: "Main",
        questions: [
          { kind: "text", key: "name", label: "Name" },
          { kind: "radio", key: "pet", label: "Pet?", options: { list: "yesNo" } },
          {
            kind: "select",
            key: "kind",
            label: "Kind",
            options: { options: [{ value: "cat", label: "Cat" }] },
            visibleWhen: yes("pet"),
          },
          {
            kind: "radio",
            key: "vaccinated",
            label: "Vaccinated?",
            options: { list: "yesNo" },
            visibleWhen: { valueKey: "kind", operator: "answered" },
          },
          { kind: "select", key: "country", label: "Country", options: { list: "countries" } },
          {
            kind: "conditionalSelect",
            key: "state",
            label: "State",
            controllerKey: "country",
            mode: "displayAndOptions",
            options: { USA: { list: "usStates" }, CAN: { list: "canadianProvinces" } },
          },
          { kind: "select", key: "plan", label: "Plan", options: { options: [{ value: "a", label: "A" }] } },
          {
            kind: "conditionalSelect",
            key: "extra",
            label: "Extra",
            controllerKey: "plan",
            mode: "displayOnly",
            options: { list: "yesNo" },
          },
          {
            kind: "monthYear",
            key: "grad",
            label: "Graduation",
            monthKey: "grad_month",
            yearKey: "grad_year",
            years: { count: 5, direction: "past" },
          },
          {
            kind: "radio",
            key: "contact",
            label: "Contact",
            options: {
              options: [
                { value: "1", label: "One" },
                { value: "2", label: "Both" },
              ],
            },
          },
          { kind: "text", key: "email_1", label: "Email 1" },
          { kind: "text", key: "email_2", label: "Email 2" },
        ],
        groups: [
          {
            cases: [
              {
                when: { valueKey: "contact", operator: "equals", target: "2" },
                keys: ["email_1", "email_2"],
              },
              { when: { valueKey: "contact", operator: "equals", target: "1" }, keys: ["email_1"] },
            ],
          },
        ],
      },
      {
        id: "listed",
        title: "Listed",
        visibleWhen: yes("pet"),
        clearsKeys: ["vet"],
        questions: [
          { kind: "text", key: "vet", label: "Vet" },
          { kind: "text", key: "vet_note", label: "Vet note" },
        ],
      },
      {
        id: "relatives",
        title: "Relatives",
        visibleWhen: yes("family"),
        repeat: { buttonId: "rel", buttonLabel: "Add", prefixes: ["rel_", "rel_2_"] },
        questions: [{ kind: "select", key: "rel_kind", label: "Kind", options: { list: "yesNo" } }],
      },
      {
        id: "family-q",
        title: "Family",
        questions: [{ kind: "radio", key: "family", label: "Family?", options: { list: "yesNo" } }],
      },
    ],
  },
];

describe("setting an answer", () => {
  it("returns the key alone for a text answer", () => {
    expect(applyAnswer(pages, {}, "name", "Ada")).toEqual({ name: "Ada" });
  });

  it("returns nothing when nothing changes", () => {
    expect(applyAnswer(pages, { name: "Ada" }, "name", "Ada")).toEqual({});
    expect(applyAnswer(pages, { pet: "Y", pet_desc: "Yes" }, "pet", "Y")).toEqual({});
    expect(applyAnswer(pages, {}, "name", "")).toEqual({});
  });

  it("writes the chosen option's label to _desc for selects, radios and conditional selects", () => {
    expect(applyAnswer(pages, {}, "pet", "Y")).toEqual({ pet: "Y", pet_desc: "Yes" });
    expect(applyAnswer(pages, {}, "country", "UK")).toEqual({
      country: "UK",
      country_desc: "United Kingdom",
    });
    expect(applyAnswer(pages, { country: "CAN" }, "state", "QC")).toEqual({
      state: "QC",
      state_desc: "Quebec",
    });
    expect(applyAnswer(pages, { plan: "a" }, "extra", "N")).toEqual({ extra: "N", extra_desc: "No" });
  });

  it("writes _desc for month and year selects", () => {
    expect(applyAnswer(pages, {}, "grad_month", "5")).toEqual({ grad_month: "5", grad_month_desc: "May" });
    expect(applyAnswer(pages, {}, "grad_year", "2024")).toEqual({
      grad_year: "2024",
      grad_year_desc: "2024",
    });
  });

  it("uses a given label, and clears _desc with the value", () => {
    expect(applyAnswer(pages, {}, "country", "FRA", { label: "France (FR)" })).toEqual({
      country: "FRA",
      country_desc: "France (FR)",
    });
    expect(applyAnswer(pages, { country: "FRA", country_desc: "France" }, "country", "")).toEqual({
      country: "",
      country_desc: "",
    });
  });

  it("repairs a missing _desc even when the value is unchanged", () => {
    expect(applyAnswer(pages, { country: "UK" }, "country", "UK")).toEqual({
      country_desc: "United Kingdom",
    });
  });

  it("writes an unknown key as given, without _desc", () => {
    expect(applyAnswer(pages, {}, "not_in_catalogue", "x")).toEqual({ not_in_catalogue: "x" });
  });
});

describe("conditional selects", () => {
  it("clears the state (and its _desc) when the country changes (displayAndOptions)", () => {
    const answers = { country: "USA", country_desc: "United States", state: "NY", state_desc: "New York" };
    expect(applyAnswer(pages, answers, "country", "CAN")).toEqual({
      country: "CAN",
      country_desc: "Canada",
      state: "",
      state_desc: "",
    });
  });

  it("clears a displayOnly select when its controller changes, even while it stays shown", () => {
    const answers = { plan: "a", plan_desc: "A", extra: "Y", extra_desc: "Yes" };
    expect(applyAnswer(pages, answers, "plan", "")).toEqual({
      plan: "",
      plan_desc: "",
      extra: "",
      extra_desc: "",
    });
  });

  it("keeps the state when the country is set to the same value", () => {
    expect(
      applyAnswer(pages, { country: "USA", country_desc: "United States", state: "NY" }, "country", "USA"),
    ).toEqual({});
  });
});

describe("hidden answers are cleared", () => {
  it("clears a question that becomes hidden, with its _desc", () => {
    const answers = { pet: "Y", kind: "cat", kind_desc: "Cat" };
    expect(applyAnswer(pages, answers, "pet", "N")).toMatchObject({ kind: "", kind_desc: "" });
  });

  it("cascades to a fixed point: clearing one answer hides the next", () => {
    const answers = {
      pet: "Y",
      pet_desc: "Yes",
      kind: "cat",
      kind_desc: "Cat",
      vaccinated: "Y",
      vaccinated_desc: "Yes",
    };
    expect(applyAnswer(pages, answers, "pet", "N")).toEqual({
      pet: "N",
      pet_desc: "No",
      kind: "",
      kind_desc: "",
      vaccinated: "",
      vaccinated_desc: "",
    });
  });

  it("clears only a hidden section's clearsKeys when it lists them", () => {
    const changes = applyAnswer(pages, { pet: "Y", vet: "Dr. Who", vet_note: "kind" }, "pet", "N");
    expect(changes.vet).toBe("");
    expect(changes).not.toHaveProperty("vet_note");
  });

  it("clears every block of a hidden repeated section, with _desc", () => {
    const answers = {
      family: "Y",
      rel_kind: "Y",
      rel_kind_desc: "Yes",
      rel_2_kind: "N",
      rel_2_kind_desc: "No",
    };
    expect(applyAnswer(pages, answers, "family", "N")).toEqual({
      family: "N",
      family_desc: "No",
      rel_kind: "",
      rel_kind_desc: "",
      rel_2_kind: "",
      rel_2_kind_desc: "",
    });
  });

  it("clears the keys of group cases that are no longer kept", () => {
    const both = { contact: "2", email_1: "a@x.org", email_2: "b@x.org" };
    expect(applyAnswer(pages, both, "contact", "1")).toEqual({
      contact: "1",
      contact_desc: "One",
      email_2: "",
    });
    expect(applyAnswer(pages, both, "contact", "")).toEqual({ contact: "", email_1: "", email_2: "" });
  });

  it("leaves alone answers that were already hidden before the change", () => {
    const answers = { pet: "N", kind: "stale", name: "Ada" };
    expect(applyAnswer(pages, answers, "name", "Bea")).toEqual({ name: "Bea" });
  });
});

describe("the About You page", () => {
  it("clears the mailing address (and its _desc) when it becomes the permanent address", () => {
    const answers = {
      mailing_addr_same_as_perm_addr: "false",
      mailing_address_line_1: "PO Box 1",
      mailing_country: "USA",
      mailing_country_desc: "United States",
      mailing_state: "VT",
      mailing_state_desc: "Vermont",
      mailing_zip: "05401",
    };
    // A confirmation checkbox (spec §4): "true" replaces the mailing address; it has no _desc.
    expect(applyAnswer(formPages, answers, "mailing_addr_same_as_perm_addr", "true")).toEqual({
      mailing_addr_same_as_perm_addr: "true",
      mailing_address_line_1: "",
      mailing_country: "",
      mailing_country_desc: "",
      mailing_state: "",
      mailing_state_desc: "",
      mailing_zip: "",
    });
  });

  it("clears the state and ZIP when the country leaves the U.S.", () => {
    const answers = { country: "USA", state: "NY", state_desc: "New York", zip: "10001" };
    expect(applyAnswer(formPages, answers, "country", "FRA")).toEqual({
      country: "FRA",
      country_desc: "France",
      state: "",
      state_desc: "",
      zip: "",
    });
  });

  it("cascades through the military questions", () => {
    const answers = {
      military_active: "N",
      military_served: "Y",
      military_served_desc: "Yes",
      military_branch: "navy",
      military_branch_desc: "Navy",
      military_served_post911: "Y",
    };
    expect(applyAnswer(formPages, answers, "military_active", "Y")).toEqual({
      military_active: "Y",
      military_active_desc: "Yes",
      military_served: "",
      military_served_desc: "",
    });
    const cleared = applyAnswer(formPages, answers, "military_active", "");
    expect(cleared).toMatchObject({
      military_served: "",
      military_branch: "",
      military_branch_desc: "",
      military_served_post911: "",
    });
  });

  it("clears the Post-9/11 questions when the GI Bill is no longer used", () => {
    const answers = {
      gi_bill: "Y",
      gi_bill_chapter: "33",
      gi_bill_chapter_percent: "80",
      yellow_ribbon_program: "Y",
    };
    expect(applyAnswer(formPages, answers, "gi_bill", "N")).toMatchObject({
      gi_bill_chapter: "",
      gi_bill_chapter_percent: "",
      yellow_ribbon_program: "",
    });
  });

  it("clears every legacy relative when there is no family connection", () => {
    const answers = {
      legacy_northbridge: "Y",
      legacy_first_name: "Ann",
      legacy_4_grad_year: "1990",
      legacy_type: "alumni",
    };
    expect(applyAnswer(formPages, answers, "legacy_northbridge", "N")).toMatchObject({
      legacy_first_name: "",
      legacy_4_grad_year: "",
      legacy_type: "",
    });
  });

  it("keeps only Parent 1's contact details when the preference goes from both to Parent 1", () => {
    const answers = {
      parent_communication_preference: "2",
      parent_phone: "(212) 555-0101",
      parent_2_phone: "(212) 555-0102",
      parent_2_phone_type: "cell",
    };
    expect(applyAnswer(formPages, answers, "parent_communication_preference", "1")).toEqual({
      parent_communication_preference: "1",
      parent_communication_preference_desc: "Parent 1/Guardian 1",
      parent_2_phone: "",
      parent_2_phone_type: "",
    });
  });
});
