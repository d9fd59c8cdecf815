import { describe, expect, it } from "vitest";
import type { FormPage, Section } from "../catalogue-types";
import { aboutPage } from "../pages/about";
import { expandRepeat, visiblePage } from "./visibility";

const relatives: Section = {
  id: "relatives",
  title: "Relatives",
  repeat: { buttonId: "rel", buttonLabel: "Add another relative", prefixes: ["rel_", "rel_2_", "rel_3_"] },
  questions: [
    { kind: "text", key: "rel_name", label: "Name" },
    { kind: "radio", key: "rel_alum", label: "Graduated?", options: { list: "yesNo" } },
    {
      kind: "text",
      key: "rel_year",
      label: "Year",
      visibleWhen: { valueKey: "rel_alum", operator: "equals", target: "Y" },
    },
  ],
};

const page: FormPage = {
  id: "about",
  title: "Test",
  intro: "",
  sections: [
    {
      id: "main",
      title: "Main",
      questions: [
        { kind: "radio", key: "has_pet", label: "Pet?", options: { list: "yesNo" } },
        {
          kind: "text",
          key: "pet_name",
          label: "Pet name",
          visibleWhen: { valueKey: "has_pet", operator: "equals", target: "Y" },
        },
        { kind: "select", key: "country", label: "Country", options: { list: "countries" } },
        {
          kind: "conditionalSelect",
          key: "state",
          label: "State",
          controllerKey: "country",
          mode: "displayAndOptions",
          options: { USA: { list: "usStates" }, CAN: { list: "canadianProvinces" }, MEX: { options: [] } },
        },
        {
          kind: "conditionalSelect",
          key: "month",
          label: "Month",
          controllerKey: "country",
          mode: "displayOnly",
          options: { list: "months" },
        },
        { kind: "text", key: "upload_note", label: "Note", audience: "signedIn" },
      ],
    },
    {
      id: "extra",
      title: "Extra",
      visibleWhen: { valueKey: "has_pet", operator: "equals", target: "Y" },
      questions: [{ kind: "text", key: "vet", label: "Vet" }],
    },
    relatives,
  ],
};

const shownKeys = (answers: Record<string, string>, options?: Parameters<typeof visiblePage>[2]) =>
  visiblePage(page, answers, options).flatMap(({ blocks }) =>
    blocks.flatMap((b) => b.questions.map((q) => q.key)),
  );
const sectionIds = (answers: Record<string, string>) =>
  visiblePage(page, answers).map(({ section }) => section.id);

describe("what a page shows", () => {
  it("leaves out a section whose rule fails, and shows it once the rule holds", () => {
    expect(sectionIds({})).toEqual(["main", "relatives"]);
    expect(sectionIds({ has_pet: "Y" })).toEqual(["main", "extra", "relatives"]);
  });

  it("leaves out a question whose rule fails", () => {
    expect(shownKeys({ has_pet: "N" })).not.toContain("pet_name");
    expect(shownKeys({ has_pet: "Y" })).toContain("pet_name");
  });

  it("shows a displayAndOptions select only when the controller's value has options", () => {
    expect(shownKeys({})).not.toContain("state");
    expect(shownKeys({ country: "FRA" })).not.toContain("state");
    expect(shownKeys({ country: "MEX" })).not.toContain("state");
    expect(shownKeys({ country: "USA" })).toContain("state");
    expect(shownKeys({ country: "CAN" })).toContain("state");
  });

  it("shows a displayOnly select without a rule once its controller is answered", () => {
    expect(shownKeys({})).not.toContain("month");
    expect(shownKeys({ country: "FRA" })).toContain("month");
  });

  it("shows signed-in-only questions to signed-in applicants only (anonymous by default)", () => {
    expect(shownKeys({})).not.toContain("upload_note");
    expect(shownKeys({}, { signedIn: false })).not.toContain("upload_note");
    expect(shownKeys({}, { signedIn: true })).toContain("upload_note");
  });
});

describe("repeated sections", () => {
  const blocksOf = (answers: Record<string, string>, counts?: Record<string, number>) =>
    visiblePage(page, answers, { signedIn: true, ...(counts ? { counts } : {}) })
      .find(({ section }) => section.id === "relatives")
      ?.blocks.map((block) => [block.prefix, block.questions.map((q) => q.key)]);

  it("shows one block by default, with the first prefix's keys", () => {
    expect(blocksOf({})).toEqual([["rel_", ["rel_name", "rel_alum"]]]);
  });

  it("shows the stored count of blocks with keys rewritten for each prefix", () => {
    expect(blocksOf({}, { rel: 2 })).toEqual([
      ["rel_", ["rel_name", "rel_alum"]],
      ["rel_2_", ["rel_2_name", "rel_2_alum"]],
    ]);
  });

  it("rewrites the rules of later blocks to read their own keys", () => {
    expect(blocksOf({ rel_2_alum: "Y" }, { rel: 2 })?.[1]).toEqual([
      "rel_2_",
      ["rel_2_name", "rel_2_alum", "rel_2_year"],
    ]);
    expect(blocksOf({ rel_alum: "Y" }, { rel: 2 })?.[1]).toEqual(["rel_2_", ["rel_2_name", "rel_2_alum"]]);
  });

  it("shows at least up to the last block that holds an answer", () => {
    expect(blocksOf({ rel_3_name: "Ann" })).toHaveLength(3);
    expect(blocksOf({ rel_3_name: "   " })).toHaveLength(1);
  });

  it("never shows more blocks than prefixes, nor fewer than one", () => {
    expect(blocksOf({}, { rel: 7 })).toHaveLength(3);
    expect(blocksOf({}, { rel: 0 })).toHaveLength(1);
    expect(blocksOf({}, { other: 3 })).toHaveLength(1);
  });

  it("expandRepeat renames only the section's own keys", () => {
    const section: Section = {
      ...relatives,
      questions: [
        {
          kind: "text",
          key: "rel_name",
          label: "Name",
          visibleWhen: { valueKey: "rel_all", operator: "answered" },
        },
      ],
    };
    const [first, second] = expandRepeat(section, 2);
    expect(first?.questions[0]?.key).toBe("rel_name");
    expect(second?.questions[0]).toMatchObject({ key: "rel_2_name", visibleWhen: { valueKey: "rel_all" } });
    expect(expandRepeat({ ...relatives, repeat: undefined }, 5)).toEqual([
      { prefix: null, questions: relatives.questions },
    ]);
  });

  it("caps a repeat at 10 blocks", () => {
    const many: FormPage = {
      ...page,
      sections: [
        {
          ...relatives,
          repeat: {
            buttonId: "rel",
            buttonLabel: "Add",
            prefixes: Array.from({ length: 12 }, (_, i) => `rel_${i}_`),
          },
          questions: [{ kind: "text", key: "rel_0_name", label: "Name" }],
        },
      ],
    };
    expect(
      visiblePage(many, { rel_11_name: "x" }, { signedIn: true, counts: { rel: 12 } })[0]?.blocks,
    ).toHaveLength(10);
  });
});

describe("the About You page", () => {
  const about = (answers: Record<string, string>) =>
    visiblePage(aboutPage, answers).flatMap(({ blocks }) =>
      blocks.flatMap((b) => b.questions.map((q) => q.key)),
    );

  it("asks for a state for U.S. and Canadian addresses only, and a ZIP for both", () => {
    expect(about({ country: "USA" })).toEqual(expect.arrayContaining(["state", "zip"]));
    expect(about({ country: "CAN" })).toEqual(expect.arrayContaining(["state", "zip"]));
    expect(about({ country: "FRA" })).not.toContain("state");
    expect(about({ country: "FRA" })).not.toContain("zip");
    expect(about({ country: "FRA" })).toContain("phone_international");
    expect(about({ country: "USA" })).not.toContain("phone_international");
  });

  it("asks for a mailing address, and a parent's, until the applicant confirms it is their permanent one", () => {
    for (const [confirm, street] of [
      ["mailing_addr_same_as_perm_addr", "mailing_address_line_1"],
      ["parent_addr_same_as_stu_perm", "parent_address_line_1"],
      ["parent_2_addr_same_as_stu_perm", "parent_2_address_line_1"],
    ] as const) {
      expect(about({}), confirm).toContain(street);
      expect(about({ [confirm]: "false" }), confirm).toContain(street);
      expect(about({ [confirm]: "true" }), confirm).not.toContain(street);
    }
  });

  it("asks for parents' contact details by communication preference (the group)", () => {
    const contact = ["parent_email_address", "parent_phone", "parent_2_email_address", "parent_2_phone"];
    const shown = (preference: string) =>
      about({ parent_communication_preference: preference }).filter((k) => contact.includes(k));
    expect(shown("")).toEqual([]);
    expect(shown("1")).toEqual(["parent_email_address", "parent_phone"]);
    expect(shown("2")).toEqual(contact);
    expect(shown("3")).toEqual([]);
  });

  it("follows the citizenship, military and legacy branches", () => {
    expect(about({ citizenship_type: "2" })).toContain("citizenship");
    expect(about({ citizenship_type: "2" })).not.toContain("alien_registration_number");
    expect(about({ citizenship_type: "3" })).toEqual(
      expect.arrayContaining(["citizenship", "alien_registration_number"]),
    );
    expect(about({ military_active: "N" })).toContain("military_served");
    expect(about({ military_active: "Y" })).toEqual(
      expect.arrayContaining(["federal_tuition_assistance", "military_branch"]),
    );
    expect(about({ gi_bill: "Y", gi_bill_chapter: "33" })).toContain("gi_bill_chapter_percent");
    expect(about({ gi_bill: "Y", gi_bill_chapter: "30" })).not.toContain("gi_bill_chapter_percent");
    expect(about({ legacy_northbridge: "Y", legacy_2_first_name: "Sam" })).toContain("legacy_2_grad_year");
    expect(about({ legacy_northbridge: "N" })).not.toContain("legacy_first_name");
  });
});
