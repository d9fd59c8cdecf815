import type { Question } from "../catalogue-types";

/** What a single check needs besides the question itself. */
export type CheckEnv = {
  answers: Readonly<Record<string, string>>;
  today: Date;
  /** False while the applicant is still typing: only format checks run, not "required" ones. */
  includeRequired: boolean;
  /** Keys of the questions shown right now (custom checks look at the variants that exist). */
  visibleKeys: ReadonlySet<string>;
  /** The message of a missing answer to the question declaring a key (see `missingMessage`). */
  labelOf: (key: string) => string;
};

/** [key, message] pairs a check found. */
export type Found = [key: string, message: string][];

export const trimmedAnswer = (env: CheckEnv, key: string): string => (env.answers[key] ?? "").trim();

/**
 * The message of a missing required answer: the check's own message, else the question text
 * (spec §5 "question text used as the message"), the same at the field and in the summary.
 */
export function missingMessage(question: Question, message?: string): string {
  return message ?? question.label;
}
