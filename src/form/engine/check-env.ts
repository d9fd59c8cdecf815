/** What a single check needs besides the question itself. */
export type CheckEnv = {
  answers: Readonly<Record<string, string>>;
  today: Date;
  /** False while the applicant is still typing: only format checks run, not "required" ones. */
  includeRequired: boolean;
  /** Keys of the questions shown right now (custom checks look at the variants that exist). */
  visibleKeys: ReadonlySet<string>;
  /** The label of the question declaring a key (the message of a "required" error). */
  labelOf: (key: string) => string;
};

/** [key, message] pairs a check found. */
export type Found = [key: string, message: string][];

export const trimmedAnswer = (env: CheckEnv, key: string): string => (env.answers[key] ?? "").trim();
