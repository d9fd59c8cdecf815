import type { LocalDb, QueueEntry, StoredAnswer } from "./local-db";

export type Batch = { batchId: string; owner: string; answers: Record<string, string> };

/**
 * Saves one answer on the device; when `enqueue` is set (a signed-in owner), also records it for
 * the server, updating the field's pending entry rather than adding one per keystroke.
 */
export async function recordAnswer(db: LocalDb, answer: StoredAnswer, enqueue: boolean): Promise<void> {
  await db.transaction("rw", db.answers, db.queue, async () => {
    await db.answers.put(answer);
    if (!enqueue) return;
    const pending = await db.queue
      .where("[owner+key]")
      .equals([answer.owner, answer.key])
      .filter((entry) => entry.batchId === null)
      .first();
    const change = { value: answer.value, editedAt: answer.editedAt };
    if (pending?.id !== undefined) await db.queue.update(pending.id, change);
    else await db.queue.add({ owner: answer.owner, key: answer.key, ...change, batchId: null });
  });
}

/**
 * The next request to send for `owner`: the batch already under way if there is one (so a retry
 * is byte-for-byte the same request), otherwise every pending change, coalesced to the latest
 * value of each field. Null when nothing is waiting.
 */
export async function takeBatch(db: LocalDb, owner: string): Promise<Batch | null> {
  return db.transaction("rw", db.queue, async () => {
    const entries = await db.queue.where("owner").equals(owner).sortBy("id");
    const open = entries.find((entry) => entry.batchId !== null);
    let batchId = open?.batchId ?? null;
    let members: QueueEntry[];
    if (batchId !== null) {
      members = entries.filter((entry) => entry.batchId === batchId);
    } else {
      if (entries.length === 0) return null;
      batchId = crypto.randomUUID();
      members = entries;
      await db.queue.bulkUpdate(members.map((entry) => ({ key: entry.id as number, changes: { batchId } })));
    }
    const answers: Record<string, string> = {};
    for (const entry of members) answers[entry.key] = entry.value;
    return { batchId, owner, answers };
  });
}

/** The server has stored the batch: its entries leave the queue. Edits made meanwhile stay. */
export async function completeBatch(db: LocalDb, batchId: string): Promise<void> {
  await db.queue.where("batchId").equals(batchId).delete();
}

export async function pendingCount(db: LocalDb, owner: string): Promise<number> {
  return db.queue.where("owner").equals(owner).count();
}

export async function pendingKeys(db: LocalDb, owner: string): Promise<Set<string>> {
  const entries = await db.queue.where("owner").equals(owner).toArray();
  return new Set(entries.map((entry) => entry.key));
}
