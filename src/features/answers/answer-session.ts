import { apiRequest } from "../../lib/api-client";
import { AnswerStore } from "./answer-store";
import { DEVICE_OWNER, localDb } from "./local-db";
import { mergeServerAnswers } from "./merge-answers";
import { pendingKeys } from "./sync-queue";
import { updateSyncStatus } from "./sync-status";
import { SyncWorker } from "./sync-worker";

/** The app's one answer store: every input reads and writes through it. */
export const answerStore = new AnswerStore(localDb);

let worker: SyncWorker | undefined;

/**
 * Makes `owner`'s answers current: loads what the device has, folds in the server's copy when we
 * have one, and (for a signed-in owner) starts sending queued changes.
 */
export async function openAnswerSession(
  owner: string,
  serverAnswers: Record<string, string> | null,
): Promise<void> {
  const db = localDb();
  const stored = await db.answers.where("owner").equals(owner).toArray();
  const local = Object.fromEntries(stored.map((answer) => [answer.key, answer.value]));
  let values = local;
  if (serverAnswers) {
    const { merged, changed } = mergeServerAnswers(local, serverAnswers, await pendingKeys(db, owner));
    const now = Date.now();
    await db.answers.bulkPut(changed.map((key) => ({ owner, key, value: merged[key] ?? "", editedAt: now })));
    values = merged;
  }

  worker?.stop();
  worker = undefined;
  if (owner === DEVICE_OWNER) {
    answerStore.replaceAll(owner, values);
    updateSyncStatus({ phase: "local-only", pending: 0, serverMessage: null });
    return;
  }
  const current = new SyncWorker(db, owner, (batch) =>
    apiRequest("PUT", "/api/answer", { body: batch.answers, headers: { "Idempotency-Key": batch.batchId } }),
  );
  worker = current;
  answerStore.replaceAll(owner, values, () => current.notifyChange());
  updateSyncStatus({ phase: "idle" });
  current.start();
}
