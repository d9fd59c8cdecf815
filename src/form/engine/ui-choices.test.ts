import { describe, expect, it } from "vitest";
import { ADD_ANOTHER_MAX_COUNT } from "../../shared/constants";
import type { FormPage, Section } from "../catalogue-types";
import { formPages } from "../pages/form-pages";
import { repeatButtons, tabbedSections } from "./ui-choices";

const text = (key: string) => ({ kind: "text", key, label: key }) as const;

const relativesRepeat = {
  buttonId: "rel",
  buttonLabel: "Add another relative",
  prefixes: ["rel_", "rel_2_"],
};
const relatives: Section = {
  id: "relatives",
  title: "Relatives",
  repeat: relativesRepeat,
  questions: [text("rel_name")],
};

/** Twelve prefixes: more than the spec's maximum of ten blocks. */
const many: Section = {
  id: "many",
  title: "Many",
  repeat: {
    buttonId: "many",
    buttonLabel: "Add another",
    prefixes: Array.from({ length: 12 }, (_, i) => `many_${i + 1}_`),
  },
  questions: [text("many_1_name")],
};

const transcript: Section = {
  id: "transcript",
  title: "Transcript",
  questions: [],
  tabs: {
    tabId: "transcript_tab",
    defaultTab: "upload",
    tabs: [
      { id: "upload", label: "Upload", questions: [text("file_name")] },
      { id: "manual", label: "Enter manually", questions: [text("gpa")] },
    ],
  },
};

const page = (id: FormPage["id"], sections: Section[]): FormPage => ({ id, title: id, intro: "", sections });

describe("repeatButtons", () => {
  it("maps each add-another button of the catalogue to its capacity", () => {
    expect(repeatButtons(formPages)).toEqual(
      new Map([
        ["legacy", 4],
        ["college", 3],
      ]),
    );
  });

  it("caps a capacity at the spec's maximum and keeps the first of two sections with one id", () => {
    const pages = [
      page("about", [relatives, { id: "plain", title: "Plain", questions: [text("x")] }]),
      page("education", [
        many,
        { ...relatives, repeat: { ...relativesRepeat, prefixes: ["a_", "b_", "c_"] } },
      ]),
    ];
    expect(repeatButtons(pages)).toEqual(
      new Map([
        ["rel", 2],
        ["many", ADD_ANOTHER_MAX_COUNT],
      ]),
    );
  });

  it("finds nothing in a catalogue without repeats", () => {
    expect(repeatButtons([page("about", [transcript])])).toEqual(new Map());
  });
});

describe("tabbedSections", () => {
  it("maps each tabbed section's tab id to its tabs in order", () => {
    expect(tabbedSections([page("about", [relatives]), page("education", [transcript])])).toEqual(
      new Map([["transcript_tab", ["upload", "manual"]]]),
    );
  });

  it("keeps the first of two sections with one tab id", () => {
    const other: Section = {
      ...transcript,
      id: "other",
      tabs: {
        tabId: "transcript_tab",
        defaultTab: "mail",
        tabs: [{ id: "mail", label: "Mail", questions: [] }],
      },
    };
    expect(tabbedSections([page("education", [transcript, other])])).toEqual(
      new Map([["transcript_tab", ["upload", "manual"]]]),
    );
  });

  it("finds the personal statement's tabs in today's catalogue", () => {
    expect(tabbedSections(formPages)).toEqual(new Map([["personal_statement", ["write", "upload"]]]));
  });
});
