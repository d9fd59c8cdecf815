import { eq } from "drizzle-orm";
import { partner } from "../../src/config/partner";
import { validateAnswers } from "../../src/form/engine/validate";
import { formPages } from "../../src/form/pages/form-pages";
import type { Database } from "../db/database";
import { answers } from "../db/schema";

/**
 * The server's check of an application: the same catalogue and engine the client runs, over the
 * answers the server has stored (never over what a client claims). Respects visibility: hidden
 * questions are not required. Returns question key → messages; empty when nothing is missing.
 */
export async function validateStoredApplication(
  db: Database,
  userId: string,
  today: Date,
): Promise<Record<string, string[]>> {
  const rows = await db
    .select({ key: answers.key, value: answers.value })
    .from(answers)
    .where(eq(answers.userId, userId));
  const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  return validateAnswers(
    formPages,
    stored,
    { hostName: partner.name, today },
    { includeRequired: true, signedIn: true },
  );
}
