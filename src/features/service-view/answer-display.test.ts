import { describe, expect, it } from "vitest";
import type { Question } from "../../form/catalogue-types";
import { attachmentText, codedText, dateText, displayQuestion } from "./answer-display";

// Spec §6: what the read-only service rendering shows for each kind of question.

const gender: Question = {
  kind: "select",
  key: "gender",
  label: "Gender",
  options: {
    options: [
      { value: "F", label: "Female" },
      { value: "M", label: "Male" },
    ],
  },
};
const waiver: Question = {
  kind: "radio",
  key: "waiver",
  label: "Do you waive your right?",
  options: { list: "yesNo" },
};
const graduation: Question = {
  kind: "monthYear",
  key: "grad_month",
  label: "Graduation Date",
  monthKey: "grad_month",
  yearKey: "grad_year",
  years: { count: 70, direction: "past" },
};
const college: Question = {
  kind: "autocomplete",
  key: "college_name",
  label: "Search for Your School",
  category: "college_ceeb",
  idKey: "college_ceeb",
};

const show = (question: Question, answers: Record<string, string>, documents = {}) =>
  displayQuestion(question, answers, documents);

describe("coded answers", () => {
  it("show the `_desc` label the applicant chose", () => {
    expect(codedText(gender, "gender", { gender: "F", gender_desc: "Woman (as labelled then)" })).toBe(
      "Woman (as labelled then)",
    );
  });

  it("fall back to the catalogue's option label, then to the stored value", () => {
    expect(codedText(gender, "gender", { gender: "M" })).toBe("Male");
    expect(codedText(gender, "gender", { gender: "Q" })).toBe("Q");
    expect(codedText(gender, "gender", { gender: "  " })).toBeNull();
  });

  it("join a month and year pair: June 2022", () => {
    expect(show(graduation, { grad_month: "6", grad_year: "2022" })).toMatchObject({
      type: "text",
      label: "Graduation Date",
      value: "June 2022",
    });
    expect(show(graduation, { grad_year: "2022" })).toMatchObject({ value: "2022" });
    expect(show(graduation, {})).toMatchObject({ value: null });
  });
});

describe("radios and checkboxes", () => {
  it("show every option of a radio as a box, the chosen one checked", () => {
    expect(show(waiver, { waiver: "Y", waiver_desc: "Yes" })).toStrictEqual({
      type: "choices",
      key: "waiver",
      label: "Do you waive your right?",
      boxes: [
        { label: "Yes", checked: true },
        { label: "No", checked: false },
      ],
      attachment: null,
    });
    expect(show(waiver, {})).toMatchObject({
      boxes: [
        { label: "Yes", checked: false },
        { label: "No", checked: false },
      ],
    });
  });

  it("keep a stored radio answer the catalogue no longer offers, checked, by its `_desc`", () => {
    expect(show(waiver, { waiver: "U", waiver_desc: "Undecided" })).toMatchObject({
      boxes: [
        { label: "Yes", checked: false },
        { label: "No", checked: false },
        { label: "Undecided", checked: true },
      ],
    });
  });

  it("show a checkbox as one box with its label, checked only for true", () => {
    const certify: Question = { kind: "checkbox", key: "legal_agree", label: "I certify." };
    expect(show(certify, { legal_agree: "true" })).toMatchObject({
      type: "box",
      box: { label: "I certify.", checked: true },
    });
    expect(show(certify, { legal_agree: "false" })).toMatchObject({ box: { checked: false } });
    expect(show(certify, {})).toMatchObject({ box: { checked: false } });
  });
});

describe("text answers", () => {
  it("show a school with its CEEB code, and a typed school (no code) by name", () => {
    expect(show(college, { college_name: "Riverside Cmty College", college_ceeb: "4658" })).toMatchObject({
      value: "Riverside Cmty College (CEEB 4658)",
    });
    expect(show(college, { college_name: "Hometown College" })).toMatchObject({ value: "Hometown College" });
  });

  it("keep an address autocomplete's text as typed", () => {
    const street: Question = {
      kind: "autocomplete",
      key: "address_line_1",
      label: "Address",
      category: "address",
    };
    expect(show(street, { address_line_1: "1 Main St" })).toMatchObject({ value: "1 Main St" });
  });

  it("write dates out in words, whatever the viewer's time zone", () => {
    expect(dateText("2000-05-01")).toBe("May 1, 2000");
    expect(dateText("2000-12-31")).toBe("December 31, 2000");
    expect(dateText("not a date")).toBe("not a date");
    expect(dateText("")).toBeNull();
  });

  it("mark long text as multi-line, and an empty answer as not answered", () => {
    const comment: Question = { kind: "textarea", key: "comment", label: "Please explain" };
    expect(show(comment, { comment: "Line one\nLine two" })).toMatchObject({
      value: "Line one\nLine two",
      multiline: true,
    });
    expect(show(comment, { comment: "   " })).toMatchObject({ value: null });
  });
});

describe("uploaded documents", () => {
  it('show "Attached: name (size)" with the size rounded, no space (spec §9)', () => {
    expect(attachmentText({ file_name: "transcript.pdf", file_size: 245 * 1024 })).toBe(
      "Attached: transcript.pdf (245kB)",
    );
    expect(attachmentText({ file_name: "essay.docx", file_size: 1_048_576 })).toBe(
      "Attached: essay.docx (1MB)",
    );
  });

  it("belong to the question whose key holds them, and to no other", () => {
    const transcript: Question = { kind: "text", key: "transcript", label: "Transcript" };
    const documents = { transcript: { file_name: "transcript.pdf", file_size: 2048 } };
    expect(show(transcript, {}, documents).attachment).toBe("Attached: transcript.pdf (2kB)");
    expect(show(gender, { gender: "F" }, documents).attachment).toBeNull();
    expect(show({ ...transcript, key: "toString" }, {}, documents).attachment).toBeNull();
  });

  it("are the answer of a file question: its name and size, or Not answered without one", () => {
    const resume: Question = { kind: "file", key: "resume", label: "Résumé" };
    const documents = { resume: { file_name: "resume.pdf", file_size: 3 * 1024 } };
    expect(show(resume, { resume: "ANSWERED" }, documents)).toMatchObject({
      type: "text",
      value: "Attached: resume.pdf (3kB)",
      attachment: null,
    });
    expect(show(resume, { resume: "" }, {})).toMatchObject({ type: "text", value: null, attachment: null });
  });
});
