import type { Question } from "../../form/catalogue-types";
import { codedSource } from "../../form/engine/question-keys";
import { optionLabel, resolveOptions } from "../../form/options/resolve-options";
import type { DocumentAnswers } from "../../shared/api-types";
import { ENGLISH_SERVICE_WORDS, type ServiceWords } from "./service-words";

// How the read-only service rendering shows one question's answer (spec §6): values as text,
// checkboxes and radios as [X] / [ ] boxes with their labels, coded answers by their `_desc`
// label, schools with their CEEB code, uploaded documents as "Attached: name (size)". Pure, so the
// rules are tested without React.

type Answers = Readonly<Record<string, string>>;

export type Box = { label: string; checked: boolean };

export type AnswerDisplay =
  /** A label and its answer as text; `value` null when nothing is answered. */
  | { type: "text"; label: string; value: string | null; multiline: boolean }
  /** A radio group: every option as a box, the chosen one checked. */
  | { type: "choices"; label: string; boxes: Box[] }
  /** A checkbox: its own label beside the box. */
  | { type: "box"; box: Box };

export type QuestionDisplay = AnswerDisplay & {
  key: string;
  /** "Attached: name (size)" when the question holds an uploaded document. */
  attachment: string | null;
};

/** The CEEB lookups: a chosen school is shown with its code. */
const SCHOOL_CATEGORIES = new Set(["college_ceeb", "hs_ceeb"]);

const DATE_FORMATS = new Map<string, Intl.DateTimeFormat>();
const dateFormat = (locale: string) =>
  DATE_FORMATS.get(locale) ??
  DATE_FORMATS.set(locale, new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" })).get(
    locale,
  );

/** The trimmed answer of `key` (answers arrive as parsed JSON: only its own keys count). */
function answerOf(answers: Answers, key: string): string {
  const value = Object.hasOwn(answers, key) ? answers[key] : undefined;
  return typeof value === "string" ? value.trim() : "";
}

/**
 * A coded answer's text: its `_desc` (the label the applicant chose, spec §3), else the option's
 * label in today's catalogue, else the stored value itself.
 */
export function codedText(
  question: Question,
  key: string,
  answers: Answers,
  words: ServiceWords = ENGLISH_SERVICE_WORDS,
): string | null {
  const value = answerOf(answers, key);
  if (value === "") return null;
  const desc = answerOf(answers, `${key}_desc`);
  const source = codedSource(question, key, answers);
  const label = source ? optionLabel(source, value) : undefined;
  // `_desc` is the catalogue's English (what the office receives); in another language the
  // translated page's own label reads first (issue 35).
  if (words.language !== "en" && label) return label;
  return desc || label || value;
}

/** A stored date (YYYY-MM-DD) as "May 1, 2000"; anything else as stored. */
export function dateText(value: string, locale = "en-US"): string | null {
  if (value === "") return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime())
    ? value
    : ((dateFormat(locale) ?? dateFormat("en-US"))?.format(date) ?? value);
}

/** "Attached: transcript.pdf (245kB)" (spec §6, §9 sizes). */
export function attachmentText(
  document: { file_name: string; file_size: number },
  words: ServiceWords = ENGLISH_SERVICE_WORDS,
): string {
  return words.attached(document);
}

function text(label: string, value: string | null, multiline = false): AnswerDisplay {
  return { type: "text", label, value: value === "" ? null : value, multiline };
}

function answerDisplay(question: Question, answers: Answers, words: ServiceWords): AnswerDisplay {
  const value = answerOf(answers, question.key);
  switch (question.kind) {
    case "text":
    case "phone":
    case "ssn":
      return text(question.label, value);
    case "textarea":
      return text(question.label, value, true);
    case "date":
      return text(question.label, dateText(value, words.locale));
    case "select":
    case "conditionalSelect":
      return text(question.label, codedText(question, question.key, answers, words));
    case "monthYear": {
      const parts = [question.monthKey, question.yearKey].map((key) =>
        codedText(question, key, answers, words),
      );
      return text(question.label, parts.filter((part) => part !== null).join(" ") || null);
    }
    case "autocomplete": {
      const code = question.idKey ? answerOf(answers, question.idKey) : "";
      const school = SCHOOL_CATEGORIES.has(question.category) && code !== "" && value !== "";
      return text(question.label, school ? `${value} (CEEB ${code})` : value);
    }
    case "checkbox":
      return { type: "box", box: { label: question.label, checked: value === "true" } };
    case "radio": {
      const options = resolveOptions(question.options, new Date()).filter((option) => option.value !== "");
      const boxes = options.map((option) => ({ label: option.label, checked: option.value === value }));
      // A stored value the catalogue no longer offers is still the applicant's answer.
      if (value !== "" && !boxes.some((box) => box.checked)) {
        boxes.push({ label: codedText(question, question.key, answers, words) ?? value, checked: true });
      }
      return { type: "choices", label: question.label, boxes };
    }
    case "file":
      // The stored answer is only "ANSWERED": the document itself is the answer (displayQuestion).
      return text(question.label, null);
  }
}

/** What the service rendering shows for a visible question. */
export function displayQuestion(
  question: Question,
  answers: Answers,
  documents: DocumentAnswers,
  words: ServiceWords = ENGLISH_SERVICE_WORDS,
): QuestionDisplay {
  const document = Object.hasOwn(documents, question.key) ? documents[question.key] : undefined;
  if (question.kind === "file") {
    const value = document ? attachmentText(document, words) : null;
    return { ...text(question.label, value), key: question.key, attachment: null };
  }
  return {
    ...answerDisplay(question, answers, words),
    key: question.key,
    attachment: document ? attachmentText(document, words) : null,
  };
}
