import { eq } from "drizzle-orm";
import { SUBMITTED_READ_ONLY_MESSAGE } from "../../src/shared/messages";
import type { Database } from "../db/database";
import { applications } from "../db/schema";
import { HttpError } from "../http-error";

/** The locked application row: its answer revision, and when it was submitted (null before). */
export type ApplicationLock = { answerRevision: number; submittedAt: Date | null };

/**
 * Creates the user's application row if needed and locks it until the transaction ends: every write
 * to a user's answers, add-another counts, tab choices or web status, and the submit, takes this
 * lock first, so they apply one after the other (the order in which they commit is the server's
 * order). The row exists for all but a user's first write: one round trip then (issue 15).
 */
export async function lockApplication(tx: Database, userId: string, now: Date): Promise<ApplicationLock> {
  const locked = await selectForUpdate(tx, userId);
  if (locked) return locked;
  // A concurrent first write may insert the row too: the loser waits for its commit, inserts
  // nothing, and then locks the winner's row.
  await tx
    .insert(applications)
    .values({ userId, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: applications.userId });
  const row = await selectForUpdate(tx, userId);
  if (!row) throw new Error("application row vanished after insert");
  return row;
}

async function selectForUpdate(tx: Database, userId: string): Promise<ApplicationLock | undefined> {
  const [row] = await tx
    .select({ answerRevision: applications.answerRevision, submittedAt: applications.submittedAt })
    .from(applications)
    .where(eq(applications.userId, userId))
    .for("update");
  return row;
}

/**
 * lockApplication for a change to what the applicant submits (answers, add-another counts, tab
 * choices): a submitted application is read-only, so the change is refused with 409
 * `{ message, submitted: true }` and the transaction rolls back (decision 0005). Checked under the
 * lock, so a change racing the submit is either applied before the submit validates or refused.
 */
export async function lockOpenApplication(tx: Database, userId: string, now: Date): Promise<ApplicationLock> {
  return refuseIfSubmitted(await lockApplication(tx, userId, now));
}

/** The refusal of lockOpenApplication, for a write that first answers a retry of itself. */
export function refuseIfSubmitted(lock: ApplicationLock): ApplicationLock {
  if (lock.submittedAt !== null) {
    throw new HttpError(409, SUBMITTED_READ_ONLY_MESSAGE, { body: { submitted: true } });
  }
  return lock;
}
