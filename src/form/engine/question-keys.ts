import type { ConditionalSelectQuestion, OptionSource, Question } from "../catalogue-types";
import { resolveOptions } from "../options/resolve-options";

type Answers = Readonly<Record<string, string>>;

/** Every answer key a question writes: month and year for monthYear, plus an autocomplete's id key. */
export function answerKeysOf(question: Question): string[] {
  switch (question.kind) {
    case "monthYear":
      return [question.monthKey, question.yearKey];
    case "autocomplete":
      return question.idKey ? [question.key, question.idKey] : [question.key];
    default:
      return [question.key];
  }
}

/** The options a conditional select offers for the controller's current answer, if any. */
export function conditionalOptionSource(
  question: ConditionalSelectQuestion,
  answers: Answers,
): OptionSource | undefined {
  if (question.mode === "displayOnly") return question.options as OptionSource;
  const byValue = question.options as Readonly<Record<string, OptionSource>>;
  const controllerValue = answers[question.controllerKey] ?? "";
  return Object.hasOwn(byValue, controllerValue) ? byValue[controllerValue] : undefined;
}

/** True when a source offers at least one option besides "--". */
export function offersOptions(source: OptionSource | undefined): boolean {
  if (!source) return false;
  return resolveOptions(source, new Date()).some((option) => option.value !== "");
}

/**
 * The options behind a coded answer key (selects, radios, conditional selects, month and year), or
 * undefined for keys that store free values (text, dates, checkboxes, autocomplete). Coded keys
 * carry a `${key}_desc` companion (spec §3).
 */
export function codedSource(question: Question, key: string, answers: Answers): OptionSource | undefined {
  switch (question.kind) {
    case "select":
    case "radio":
      return key === question.key ? question.options : undefined;
    case "conditionalSelect":
      return key === question.key
        ? (conditionalOptionSource(question, answers) ?? { options: [] })
        : undefined;
    case "monthYear":
      if (key === question.monthKey) return { list: "months" };
      return key === question.yearKey ? { years: question.years } : undefined;
    default:
      return undefined;
  }
}
