import type { Question } from "../catalogue-types";

/** Where messages are shown: the validation summary (and the server's answer), or at the field. */
export type MessagePlace = "summary" | "field";

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
  /** Default "summary". */
  place?: MessagePlace;
};

/** [key, message] pairs a check found. */
export type Found = [key: string, message: string][];

export const trimmedAnswer = (env: CheckEnv, key: string): string => (env.answers[key] ?? "").trim();

/**
 * The message of a missing required answer: the check's own message, else the question text
 * (spec §5); at the field, the question's short form when it has one (its label says the rest).
 */
export function missingMessage(question: Question, env: CheckEnv, message?: string): string {
  if (env.place === "field" && question.shortMessage) return question.shortMessage;
  return message ?? question.label;
}
