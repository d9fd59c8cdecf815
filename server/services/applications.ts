import { eq } from "drizzle-orm";
import type { Database } from "../db/database";
import { applications } from "../db/schema";

/**
 * Creates the user's application row if needed and locks it until the transaction ends: every write
 * to a user's answers or web status takes this lock first, so they apply one after the other (the
 * order in which they commit is the server's order). Returns the current answer revision.
 */
export async function lockApplication(tx: Database, userId: string, now: Date): Promise<number> {
  await tx
    .insert(applications)
    .values({ userId, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: applications.userId });
  const [row] = await tx
    .select({ answerRevision: applications.answerRevision })
    .from(applications)
    .where(eq(applications.userId, userId))
    .for("update");
  if (!row) throw new Error("application row vanished after insert");
  return row.answerRevision;
}
