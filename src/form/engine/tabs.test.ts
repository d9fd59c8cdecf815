import { describe, expect, it } from "vitest";
import type { EngineContext, FormPage, Section } from "../catalogue-types";
import { applyAnswer } from "./apply-answer";
import { hiddenAnswerKeys } from "./hidden-keys";
import { switchTab } from "./tabs";
import { validateAnswers } from "./validate";
import { visiblePage } from "./visibility";

// A transcript section: upload it, or type the school's name; "mail" is chosen by nobody by default.
const transcript: Section = {
  id: "transcript",
  title: "Transcript",
  questions: [{ kind: "text", key: "school", label: "School" }],
  tabs: {
    tabId: "transcript_tab",
    defaultTab: "upload",
    tabs: [
      {
        id: "upload",
        label: "Upload",
        questions: [
          { kind: "text", key: "file_name", label: "File name", checks: [{ type: "required" }] },
          { kind: "select", key: "file_kind", label: "Kind", options: { list: "yesNo" } },
        ],
      },
      {
        id: "manual",
        label: "Enter manually",
        questions: [
          { kind: "text", key: "gpa", label: "GPA", checks: [{ type: "required" }] },
          {
            kind: "text",
            key: "gpa_scale",
            label: "Scale",
            visibleWhen: { valueKey: "gpa", operator: "answered" },
          },
        ],
      },
      {
        id: "mail",
        label: "Mail it",
        questions: [{ kind: "text", key: "mail_date", label: "Mailed on" }],
        clearsKeys: ["mail_date", "school"],
      },
    ],
  },
};

const page: FormPage = { id: "education", title: "T", intro: "", sections: [transcript] };
const ctx: EngineContext = { hostName: "Northbridge", today: new Date(2026, 0, 15) };

const shownKeys = (answers: Record<string, string>, options: Parameters<typeof visiblePage>[2]) =>
  visiblePage(page, answers, options).flatMap(({ blocks }) =>
    blocks.flatMap((block) => block.questions.map((question) => question.key)),
  );

describe("tabbed sections", () => {
  it("show the section's own questions and then the default tab's, to anonymous visitors always", () => {
    expect(shownKeys({}, { signedIn: false })).toEqual(["school", "file_name", "file_kind"]);
    expect(shownKeys({}, { signedIn: false, tabs: { transcript_tab: "manual" } })).toEqual([
      "school",
      "file_name",
      "file_kind",
    ]);
    expect(visiblePage(page, {}, { signedIn: false })[0]?.tab).toBe("upload");
  });

  it("show a signed-in applicant's chosen tab, or the default for an unknown or absent choice", () => {
    const manual = { signedIn: true, tabs: { transcript_tab: "manual" } };
    expect(shownKeys({}, manual)).toEqual(["school", "gpa"]);
    expect(shownKeys({ gpa: "3.5" }, manual)).toEqual(["school", "gpa", "gpa_scale"]);
    expect(visiblePage(page, {}, manual)[0]?.tab).toBe("manual");
    expect(shownKeys({}, { signedIn: true, tabs: { transcript_tab: "fax" } })).toEqual([
      "school",
      "file_name",
      "file_kind",
    ]);
    expect(shownKeys({}, { signedIn: true })).toEqual(["school", "file_name", "file_kind"]);
  });

  it("keep a signed-in applicant's tabbed section even when its chosen tab shows nothing", () => {
    const empty: Section = {
      id: "empty",
      title: "Empty",
      questions: [],
      tabs: { tabId: "t", defaultTab: "a", tabs: [{ id: "a", label: "A", questions: [] }] },
    };
    const emptyTab: FormPage = { ...page, sections: [empty] };
    expect(visiblePage(emptyTab, {}, { signedIn: true })).toHaveLength(1);
    expect(visiblePage(emptyTab, {}, { signedIn: false })).toEqual([]);
  });

  it("never require the questions of a tab that is not shown", () => {
    expect(validateAnswers([page], {}, ctx)).toEqual({ file_name: ["File name"] });
    expect(validateAnswers([page], {}, ctx, { tabs: { transcript_tab: "manual" } })).toEqual({
      gpa: ["GPA"],
    });
    expect(validateAnswers([page], {}, ctx, { tabs: { transcript_tab: "mail" } })).toEqual({});
    // Anonymous visitors are held to the default tab.
    expect(validateAnswers([page], {}, ctx, { signedIn: false, tabs: { transcript_tab: "manual" } })).toEqual(
      { file_name: ["File name"] },
    );
  });

  it("clear a hidden tab question when its rule stops holding, whichever tab is chosen", () => {
    expect(hiddenAnswerKeys([page], {})).toEqual(new Set(["gpa_scale"]));
    expect(applyAnswer([page], { gpa: "3.5", gpa_scale: "4" }, "gpa", "")).toEqual({
      gpa: "",
      gpa_scale: "",
    });
    // Tab questions are in the catalogue: a select's `_desc` is written wherever it lives.
    expect(applyAnswer([page], {}, "file_kind", "Y")).toEqual({ file_kind: "Y", file_kind_desc: "Yes" });
  });
});

describe("switchTab", () => {
  const answers = {
    school: "Central High",
    file_name: "t.pdf",
    file_kind: "Y",
    file_kind_desc: "Yes",
    gpa: "",
    mail_date: "2026-01-01",
  };

  it("clears the left tab's non-empty answers and their `_desc`", () => {
    expect(switchTab(transcript, "upload", "manual", answers)).toEqual({
      file_name: "",
      file_kind: "",
      file_kind_desc: "",
    });
    expect(switchTab(transcript, "manual", "upload", answers)).toEqual({});
  });

  it("clears a tab's clearsKeys instead of its questions' keys", () => {
    expect(switchTab(transcript, "mail", "upload", answers)).toEqual({ mail_date: "", school: "" });
  });

  it("clears nothing for the same tab, an unknown tab or a section without tabs", () => {
    expect(switchTab(transcript, "upload", "upload", answers)).toEqual({});
    expect(switchTab(transcript, "upload", "fax", answers)).toEqual({});
    expect(switchTab(transcript, "fax", "upload", answers)).toEqual({});
    expect(switchTab({ ...transcript, tabs: undefined }, "upload", "manual", answers)).toEqual({});
  });
});
