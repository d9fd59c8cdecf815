import { eq } from "drizzle-orm";
import { partner } from "../../src/config/partner";
import type { FormPage } from "../../src/form/catalogue-types";
import { validateAnswers } from "../../src/form/engine/validate";
import { formPages } from "../../src/form/pages/form-pages";
import type { Database } from "../db/database";
import { answers } from "../db/schema";
import { loadAddAnotherCounts, loadTabChoices } from "./ui-choices";

/**
 * The server's check of an application: the same catalogue and engine the client runs, over the
 * answers the server has stored (never over what a client claims), read through `tx` — under the
 * application lock when submitting. Respects visibility as the signed-in applicant sees it: hidden
 * questions, repeated blocks beyond the stored add-another count and tabs not chosen are not
 * required. Returns question key → messages; empty when nothing is missing.
 */
export async function validateStoredApplication(
  tx: Database,
  userId: string,
  today: Date,
  pages: readonly FormPage[] = formPages,
): Promise<Record<string, string[]>> {
  // One after the other: a transaction's queries share one connection.
  const rows = await tx
    .select({ key: answers.key, value: answers.value })
    .from(answers)
    .where(eq(answers.userId, userId));
  const counts = await loadAddAnotherCounts(tx, userId);
  const tabs = await loadTabChoices(tx, userId);
  const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  return validateAnswers(
    pages,
    stored,
    { hostName: partner.name, today },
    { includeRequired: true, signedIn: true, counts, tabs },
  );
}
