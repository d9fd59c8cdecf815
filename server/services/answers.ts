import { sql } from "drizzle-orm";
import { isKnownAnswerKey } from "../../src/form/answer-keys";
import { MAX_ANSWER_LENGTH } from "../../src/shared/constants";
import type { Database } from "../db/database";
import { answers, applications } from "../db/schema";
import { HttpError } from "../http-error";

export type AnswerMap = Record<string, string>;

/**
 * Checks a partial answers map from the client: known keys only, text values only, within the
 * longest allowed answer. Names every offending key so the client can point at the field.
 */
export function parseAnswerMap(body: unknown): AnswerMap {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new HttpError(400, "The answers must be a JSON object of question keys to text values.");
  }
  const entries = Object.entries(body);
  const unknown = entries.filter(([key]) => !isKnownAnswerKey(key)).map(([key]) => key);
  if (unknown.length > 0) throw new HttpError(400, `Unknown answer keys: ${unknown.join(", ")}.`);
  const notText = entries.filter(([, value]) => typeof value !== "string").map(([key]) => key);
  if (notText.length > 0)
    throw new HttpError(400, `Answers must be text; these are not: ${notText.join(", ")}.`);
  const tooLong = entries
    .filter(([, value]) => (value as string).length > MAX_ANSWER_LENGTH)
    .map(([key]) => key);
  if (tooLong.length > 0) {
    throw new HttpError(
      400,
      `Answers may be at most ${MAX_ANSWER_LENGTH} characters; too long: ${tooLong.join(", ")}.`,
    );
  }
  return Object.fromEntries(entries) as AnswerMap;
}

/** Merges the given fields into the user's stored answers; fields not sent are left alone. */
export async function mergeAnswers(
  db: Database,
  userId: string,
  changes: AnswerMap,
  now: Date,
): Promise<void> {
  const rows = Object.entries(changes).map(([key, value]) => ({ userId, key, value, updatedAt: now }));
  if (rows.length > 0) {
    await db
      .insert(answers)
      .values(rows)
      .onConflictDoUpdate({
        target: [answers.userId, answers.key],
        set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
      });
  }
  await db
    .insert(applications)
    .values({ userId, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: applications.userId, set: { updatedAt: now } });
}
