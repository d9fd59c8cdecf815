import { describe, expect, it } from "vitest";
import type { FormPage, Question, Section } from "../catalogue-types";
import { aboutPage } from "../pages/about";
import { formPages } from "../pages/form-pages";
import { checkCatalogue } from "./config-checks";

const section = (questions: Question[], extra: Partial<Section> = {}): Section => ({
  id: "s",
  title: "S",
  questions,
  ...extra,
});
const page = (sections: Section[], id: FormPage["id"] = "about"): FormPage => ({
  id,
  title: "T",
  intro: "",
  sections,
});
const errorsOf = (pages: FormPage[]) => checkCatalogue(pages).errors;

describe("the catalogue", () => {
  it("has no configuration errors", () => {
    expect(checkCatalogue(formPages).errors).toEqual([]);
  });

  it("covers every About You key of the data model (no warnings)", () => {
    expect(checkCatalogue([aboutPage]).warnings).toEqual([]);
  });

  it("covers every key of all three pages (no warnings)", () => {
    expect(formPages.map((page) => page.id)).toEqual(["about", "education", "final-steps"]);
    expect(checkCatalogue(formPages).warnings).toEqual([]);
  });
});

describe("configuration errors", () => {
  it("reports a key declared twice, on the same or another page", () => {
    const first: Question = { kind: "text", key: "first_name", label: "First" };
    expect(errorsOf([page([section([first, first])])])).toContainEqual(
      expect.stringContaining('Duplicate key "first_name"'),
    );
    expect(
      errorsOf([page([section([first])]), page([section([first], { id: "t" })], "education")]),
    ).toContainEqual(expect.stringContaining('Duplicate key "first_name" (declared on: about, education)'));
  });

  it("reports keys absent from the data model, or on the wrong page", () => {
    expect(
      errorsOf([page([section([{ kind: "text", key: "shoe_size", label: "Shoe size" }])])]),
    ).toContainEqual(expect.stringContaining('"shoe_size" is not in the data model'));
    expect(errorsOf([page([section([{ kind: "text", key: "hs_name", label: "School" }])])])).toContainEqual(
      expect.stringContaining('"hs_name" belongs to page education'),
    );
  });

  it("reports a repeated key that does not start with the first prefix", () => {
    const repeat = { buttonId: "legacy", buttonLabel: "Add", prefixes: ["legacy_", "legacy_2_"] };
    expect(
      errorsOf([page([section([{ kind: "text", key: "first_name", label: "First" }], { repeat })])]),
    ).toContainEqual(
      expect.stringContaining('key "first_name" does not start with the first prefix "legacy_"'),
    );
  });

  it("reports keys in rules, groups and clearsKeys that no question declares", () => {
    const first: Question = {
      kind: "text",
      key: "first_name",
      label: "First",
      visibleWhen: { valueKey: "nope", operator: "answered" },
    };
    const errors = errorsOf([
      page([
        section([first], {
          clearsKeys: ["ghost"],
          groups: [
            { cases: [{ when: { valueKey: "first_name", operator: "answered" }, keys: ["phantom"] }] },
          ],
        }),
      ]),
    ]);
    expect(errors).toContainEqual(expect.stringContaining('refers to "nope"'));
    expect(errors).toContainEqual(expect.stringContaining('clearsKeys refers to "ghost"'));
    expect(errors).toContainEqual(expect.stringContaining('group refers to "phantom"'));
  });

  it("reports missing configuration", () => {
    const errors = errorsOf([
      page([
        section([
          { kind: "select", key: "gender", label: "Gender", options: { options: [] } },
          {
            kind: "conditionalSelect",
            key: "state",
            label: "State",
            controllerKey: "country",
            mode: "displayAndOptions",
            options: {},
          },
          { kind: "text", key: "city", label: "", checks: [{ type: "custom", check: "zipForUsa" }] },
        ]),
        section([], { id: "r", repeat: { buttonId: "x", buttonLabel: "Add", prefixes: [] } }),
      ]),
    ]);
    expect(errors).toContainEqual(
      expect.stringContaining('"gender" (page about) has no options (missing configuration)'),
    );
    expect(errors).toContainEqual(
      expect.stringContaining('"state" (page about) has no options for any controller value'),
    );
    expect(errors).toContainEqual(expect.stringContaining('refers to "country", which no question declares'));
    expect(errors).toContainEqual(expect.stringContaining('"city" (page about) has no label'));
    expect(errors).toContainEqual(expect.stringContaining("zipForUsa on a non-zip key"));
    expect(errors).toContainEqual(expect.stringContaining('"r": repeat has no prefixes'));
  });

  it("reports a repeat with more than 10 prefixes", () => {
    const repeat = {
      buttonId: "x",
      buttonLabel: "Add",
      prefixes: Array.from({ length: 11 }, (_, i) => `college_${i}_`),
    };
    expect(errorsOf([page([section([], { repeat })])])).toContainEqual(
      expect.stringContaining("11 repeat prefixes exceed maxNumberOfComponents (10)"),
    );
  });

  it("reports tabs whose default is missing, whose ids repeat, or whose keys are wrong", () => {
    const tabs = {
      tabId: "name_tab",
      defaultTab: "nickname",
      tabs: [
        { id: "legal", label: "Legal", questions: [{ kind: "text", key: "first_name", label: "First" }] },
        {
          id: "legal",
          label: "Again",
          questions: [
            { kind: "text", key: "first_name", label: "First again" },
            { kind: "text", key: "shoe_size", label: "Shoe size" },
          ],
          clearsKeys: ["ghost"],
        },
      ],
    } as const;
    const errors = errorsOf([page([section([], { tabs })])]);
    expect(errors).toContainEqual(expect.stringContaining('default tab "nickname" is not one of its tabs'));
    expect(errors).toContainEqual(expect.stringContaining('duplicate tab id "legal"'));
    expect(errors).toContainEqual(expect.stringContaining('Duplicate key "first_name"'));
    expect(errors).toContainEqual(expect.stringContaining('"shoe_size" is not in the data model'));
    expect(errors).toContainEqual(expect.stringContaining('tab "legal" clearsKeys refers to "ghost"'));
  });

  it("reports a tab key declared by the section itself, or tabs on a repeated section", () => {
    const first: Question = { kind: "text", key: "first_name", label: "First" };
    const tabs = { tabId: "t", defaultTab: "a", tabs: [{ id: "a", label: "A", questions: [first] }] };
    expect(errorsOf([page([section([first], { tabs })])])).toContainEqual(
      expect.stringContaining('Duplicate key "first_name"'),
    );
    const repeat = { buttonId: "x", buttonLabel: "Add", prefixes: ["first_"] };
    expect(errorsOf([page([section([], { tabs, repeat })])])).toContainEqual(
      expect.stringContaining("tabs cannot be combined with repeat"),
    );
  });

  it("accepts a well-formed tabbed section", () => {
    const tabs = {
      tabId: "name_tab",
      defaultTab: "legal",
      tabs: [
        { id: "legal", label: "Legal", questions: [{ kind: "text", key: "first_name", label: "First" }] },
        {
          id: "preferred",
          label: "Preferred",
          questions: [{ kind: "text", key: "preferred_name", label: "Preferred" }],
          clearsKeys: ["preferred_name"],
        },
      ],
    } as const;
    expect(
      errorsOf([page([section([{ kind: "text", key: "last_name", label: "Last" }], { tabs })])]),
    ).toEqual([]);
  });

  it("warns (without an error) about data-model keys no question covers", () => {
    const report = checkCatalogue([page([section([{ kind: "text", key: "first_name", label: "First" }])])]);
    expect(report.errors).toEqual([]);
    expect(report.warnings).toContain('Data-model key "last_name" of page about has no question');
    expect(report.warnings.some((w) => w.includes('"first_name"'))).toBe(false);
  });
});
