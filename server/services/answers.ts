import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { isKnownAnswerKey } from "../../src/form/answer-keys";
import type { FormPage } from "../../src/form/catalogue-types";
import { savedLengthLimit } from "../../src/form/engine/answer-limits";
import {
  NOT_TEXT_REFUSAL,
  refusalMessage,
  tooLongRefusal,
  UNKNOWN_QUESTION_REFUSAL,
} from "../../src/shared/answer-refusals";
import type { Database } from "../db/database";
import { answers, applications } from "../db/schema";
import { HttpError } from "../http-error";
import { hashRequest } from "./idempotency";

export type AnswerMap = Record<string, string>;

/** Why one answer cannot be stored as sent, or null when it can. */
function refusalOf(pages: readonly FormPage[], key: string, value: unknown): string | null {
  if (!isKnownAnswerKey(key)) return UNKNOWN_QUESTION_REFUSAL;
  if (typeof value !== "string") return NOT_TEXT_REFUSAL;
  const limit = savedLengthLimit(pages, key);
  return value.length > limit ? tooLongRefusal(limit) : null;
}

/**
 * Checks a partial answers map from the client: known keys only, text values only, each within its
 * question's length limit (the catalogue's, as on submit). Refuses the whole map with 400
 * `{ message, fields }` (src/shared/answer-refusals.ts), naming every offending key, so the client
 * can mark those fields and send the others again.
 */
export function parseAnswerMap(body: unknown, pages: readonly FormPage[]): AnswerMap {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new HttpError(400, "The answers must be a JSON object of question keys to text values.");
  }
  const entries = Object.entries(body);
  const fields: Record<string, string> = Object.fromEntries(
    entries.flatMap(([key, value]) => {
      const refusal = refusalOf(pages, key, value);
      return refusal === null ? [] : [[key, refusal]];
    }),
  );
  const refused = Object.keys(fields);
  if (refused.length > 0) throw new HttpError(400, refusalMessage(refused), { body: { fields } });
  return Object.fromEntries(entries) as AnswerMap;
}

/** The most an edit time may lie ahead of the server clock (a client's corrected clock still drifts). */
export const MAX_EDIT_AHEAD_MS = 5 * 60 * 1000;

/** A save: the answers, and the client's edit time (ms since the epoch) of some or all of them. */
export type AnswerRequest = { answers: AnswerMap; editedAt: Record<string, number> };

const ENVELOPE_FIELDS = ["answers", "edited_at"];

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The body of PUT /api/answer: the spec's flat answers map, or the sync engine's envelope
 * `{ answers, edited_at? }` (decision 0002; neither field name is an answer key). `now` bounds the
 * edit times; `pages` (the catalogue) bounds the lengths. Every error names the offending keys.
 */
export function parseAnswerRequest(body: unknown, now: Date, pages: readonly FormPage[]): AnswerRequest {
  if (!isJsonObject(body) || !ENVELOPE_FIELDS.some((field) => Object.hasOwn(body, field))) {
    return { answers: parseAnswerMap(body, pages), editedAt: {} };
  }
  const unexpected = Object.keys(body).filter((field) => !ENVELOPE_FIELDS.includes(field));
  if (unexpected.length > 0) {
    throw new HttpError(
      400,
      `The answers envelope holds only answers and edited_at; unexpected: ${unexpected.join(", ")}.`,
    );
  }
  if (!Object.hasOwn(body, "answers")) {
    throw new HttpError(400, "The answers envelope needs an answers object.");
  }
  const answers = parseAnswerMap(body.answers, pages);
  return { answers, editedAt: parseEditTimes(body.edited_at, answers, now) };
}

function parseEditTimes(value: unknown, answers: AnswerMap, now: Date): Record<string, number> {
  if (value === undefined) return {};
  if (!isJsonObject(value)) {
    throw new HttpError(
      400,
      "edited_at must be a JSON object of answer keys to edit times (milliseconds since the epoch).",
    );
  }
  const entries = Object.entries(value);
  const notSent = entries.filter(([key]) => !Object.hasOwn(answers, key)).map(([key]) => key);
  if (notSent.length > 0) {
    throw new HttpError(400, `edited_at names keys that are not in answers: ${notSent.join(", ")}.`);
  }
  const notTimes = entries
    .filter(([, time]) => typeof time !== "number" || !Number.isSafeInteger(time) || time <= 0)
    .map(([key]) => key);
  if (notTimes.length > 0) {
    throw new HttpError(
      400,
      `edited_at values must be positive whole numbers of milliseconds since the epoch; these are not: ${notTimes.join(", ")}.`,
    );
  }
  const latest = now.getTime() + MAX_EDIT_AHEAD_MS;
  const ahead = entries.filter(([, time]) => (time as number) > latest).map(([key]) => key);
  if (ahead.length > 0) {
    throw new HttpError(
      400,
      `edited_at may be at most 5 minutes ahead of the server clock (${now.toISOString()}); too far ahead: ${ahead.join(", ")}.`,
    );
  }
  return Object.fromEntries(entries) as Record<string, number>;
}

/**
 * Stable hash of a save: same content, same hash, whatever the key order. A save without edit times
 * hashes as the flat map always did, so keys stored before the envelope existed still replay.
 */
export function hashAnswerRequest({ answers: values, editedAt }: AnswerRequest): string {
  const sorted = (map: Record<string, unknown>) =>
    Object.keys(map)
      .sort()
      .map((key) => [key, map[key]]);
  if (Object.keys(editedAt).length === 0) return hashRequest(values);
  return createHash("sha256")
    .update(JSON.stringify({ answers: sorted(values), edited_at: sorted(editedAt) }))
    .digest("hex");
}

/**
 * A change the server makes to one answer on its own (a file question becoming "ANSWERED" when its
 * conversion completes, or "" when its document goes), inside a transaction that holds the
 * application lock. Edited at the server's time, but never before the stored edit, so the newest
 * edit stays the newest (decision 0002); takes the user's next revision. Nothing is written when
 * the stored value is already `value` (or, for "", when there is no row).
 */
export async function writeAnswerByServer(
  tx: Database,
  userId: string,
  key: string,
  value: string,
  now: Date,
): Promise<void> {
  const [stored] = await tx
    .select({ value: answers.value, editedAt: answers.editedAt })
    .from(answers)
    .where(and(eq(answers.userId, userId), eq(answers.key, key)));
  if ((stored?.value ?? "") === value) return;
  const editedAt = new Date(Math.max(now.getTime(), (stored?.editedAt.getTime() ?? 0) + 1));
  const [application] = await tx
    .update(applications)
    .set({ answerRevision: sql`${applications.answerRevision} + 1`, updatedAt: now })
    .where(eq(applications.userId, userId))
    .returning({ revision: applications.answerRevision });
  if (!application) throw new Error("writeAnswerByServer needs the application row (lockApplication first)");
  await tx
    .insert(answers)
    .values({ userId, key, value, updatedAt: now, editedAt, revision: application.revision })
    .onConflictDoUpdate({
      target: [answers.userId, answers.key],
      set: { value, updatedAt: now, editedAt, revision: application.revision },
    });
}
