import { and, eq, inArray, lt } from "drizzle-orm";
import type { Database } from "../db/database";
import { documentAnswers, documentConversions } from "../db/schema";
import type { ObjectStore } from "../storage/object-store";
import { writeAnswerByServer } from "./answers";
import { lockApplication } from "./applications";

/**
 * No file converts for ever (issue 30): a conversion not finished this long after it was queued is
 * failed. A job runs at most three times, a minute each (job-queue.ts), so this is a queue that is
 * not moving (no worker, a backlog) or a job lost; the applicant is told and can upload again.
 */
export const CONVERSION_DEADLINE_MS = 10 * 60 * 1000;

export const isOverdue = (queuedAt: Date, now: Date) =>
  now.getTime() - queuedAt.getTime() > CONVERSION_DEADLINE_MS;

export const CONVERSION_OVERDUE_MESSAGE =
  "Converting your file took too long, so we stopped. Please upload it again.";

/**
 * Fails the applicant's conversion of question `answerKey` if it is still waiting or running past
 * the deadline, as a failed job does (decision 0009): FAILED with a message, the upload and its
 * document answer removed, the answer cleared. The job, if it runs after this, finds the row no
 * longer to claim (cancelled); one running now finds it ended and discards its PDF. Returns whether
 * it did.
 */
export async function failOverdueConversion(
  deps: { db: Database; store: ObjectStore; clock: () => Date },
  userId: string,
  answerKey: string,
): Promise<boolean> {
  const now = deps.clock();
  const cutoff = new Date(now.getTime() - CONVERSION_DEADLINE_MS);
  const failed = await deps.db.transaction(async (tx) => {
    await lockApplication(tx, userId, now);
    const [row] = await tx
      .update(documentConversions)
      .set({ status: "FAILED", message: CONVERSION_OVERDUE_MESSAGE, updatedAt: now })
      .where(
        and(
          eq(documentConversions.userId, userId),
          eq(documentConversions.answerKey, answerKey),
          inArray(documentConversions.status, ["UNPROCESSED", "IN_PROGRESS"]),
          lt(documentConversions.createdAt, cutoff),
        ),
      )
      .returning({ sourceKey: documentConversions.sourceKey });
    if (!row) return null;
    await tx
      .delete(documentAnswers)
      .where(
        and(
          eq(documentAnswers.userId, userId),
          eq(documentAnswers.answerKey, answerKey),
          eq(documentAnswers.objectKey, row.sourceKey),
        ),
      );
    await writeAnswerByServer(tx, userId, answerKey, "", now);
    return row;
  });
  if (!failed) return false;
  await deps.store.remove(failed.sourceKey).catch(() => undefined);
  return true;
}
