import { isKnownAnswerKey } from "../../src/form/answer-keys";
import type { Database } from "../db/database";
import { validationReports } from "../db/schema";
import { HttpError } from "../http-error";

export type ValidationReport = Record<string, string[]>;

export const MAX_MESSAGES_PER_FIELD = 20;
export const MAX_MESSAGE_LENGTH = 500;

/**
 * The body of POST /api/validations (spec §4 "Client validation"): answer key → the field's error
 * messages. Names every offending key, like the answers map.
 */
export function parseValidationReport(body: unknown): ValidationReport {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new HttpError(
      400,
      "The validation report must be a JSON object of question keys to lists of messages.",
    );
  }
  const entries = Object.entries(body);
  const unknown = entries.filter(([key]) => !isKnownAnswerKey(key)).map(([key]) => key);
  if (unknown.length > 0) throw new HttpError(400, `Unknown answer keys: ${unknown.join(", ")}.`);
  const notLists = entries
    .filter(([, messages]) => !Array.isArray(messages) || messages.some((m) => typeof m !== "string"))
    .map(([key]) => key);
  if (notLists.length > 0) {
    throw new HttpError(
      400,
      `Each field's messages must be a list of text; these are not: ${notLists.join(", ")}.`,
    );
  }
  const tooMany = entries
    .filter(([, messages]) => (messages as string[]).length > MAX_MESSAGES_PER_FIELD)
    .map(([key]) => key);
  if (tooMany.length > 0) {
    throw new HttpError(
      400,
      `A field may have at most ${MAX_MESSAGES_PER_FIELD} messages; too many: ${tooMany.join(", ")}.`,
    );
  }
  const tooLong = entries
    .filter(([, messages]) => (messages as string[]).some((m) => m.length > MAX_MESSAGE_LENGTH))
    .map(([key]) => key);
  if (tooLong.length > 0) {
    throw new HttpError(
      400,
      `Messages may be at most ${MAX_MESSAGE_LENGTH} characters; too long in: ${tooLong.join(", ")}.`,
    );
  }
  return Object.fromEntries(entries) as ValidationReport;
}

/** Replaces the user's latest validation report. */
export async function saveValidationReport(
  db: Database,
  userId: string,
  report: ValidationReport,
  now: Date,
): Promise<void> {
  await db
    .insert(validationReports)
    .values({ userId, report, updatedAt: now })
    .onConflictDoUpdate({ target: validationReports.userId, set: { report, updatedAt: now } });
}
