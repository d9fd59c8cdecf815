// How long an answer may be: one place for the form (the inputs' maxLength and the length check
// of spec §5) and for the server, which refuses a longer value on save (PUT /api/answer).
import { DEFAULT_TEXT_MAX, DEFAULT_TEXTAREA_MAX } from "../../shared/constants";
import type { FormPage, Question, TextareaQuestion, TextQuestion } from "../catalogue-types";
import { indexCatalogue } from "./catalogue-index";

/** Spec §5/§9: text 45 characters, text area 1,500, unless the question says; other kinds set none. */
export function questionLengthLimit(question: TextQuestion | TextareaQuestion): number;
export function questionLengthLimit(question: Question): number | undefined;
export function questionLengthLimit(question: Question): number | undefined {
  if (question.kind === "text") return question.maxLength ?? DEFAULT_TEXT_MAX;
  if (question.kind === "textarea") return question.maxLength ?? DEFAULT_TEXTAREA_MAX;
  return undefined;
}

/**
 * The bound on save for answers whose question sets no length: option codes, dates, phone numbers,
 * checkboxes, the text of an autocomplete (a school's full name can be longer than anyone types),
 * and every `_desc` companion (an option's label; the longest today has 61 characters).
 */
export const SHORT_ANSWER_MAX = 255;

/** The longest value the server stores for `key`: its question's limit, else SHORT_ANSWER_MAX. */
export function savedLengthLimit(pages: readonly FormPage[], key: string): number {
  const entry = indexCatalogue(pages).byKey.get(key);
  return (entry && questionLengthLimit(entry.question)) ?? SHORT_ANSWER_MAX;
}
