// The contract of a refused save: PUT /api/answer answers 400 `{ message, fields }` when answers
// cannot be stored as sent, and stores none of the request. `fields` names each refused answer key
// with a sentence an applicant understands; the client shows it at the field as "Not saved: …".

export type AnswerRefusal = { message: string; fields: Record<string, string> };

export const UNKNOWN_QUESTION_REFUSAL = "This question is not part of the application.";
export const NOT_TEXT_REFUSAL = "This answer must be text.";
export const tooLongRefusal = (limit: number) => `This answer is longer than ${limit} characters.`;

/** The message of the whole refusal, naming the keys (for API users and logs; no values). */
export const refusalMessage = (keys: readonly string[]) => `Some answers were not saved: ${keys.join(", ")}.`;

/** The `fields` of a refusal body, or null when it has none the client can use. */
export function refusedFieldsOf(body: unknown): Record<string, string> | null {
  if (typeof body !== "object" || body === null) return null;
  const fields = (body as { fields?: unknown }).fields;
  if (typeof fields !== "object" || fields === null || Array.isArray(fields)) return null;
  const entries = Object.entries(fields).filter(
    (entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "",
  );
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}
