import type { ActionKind, BatchRecord, LocalDb, QueueEntry, QueueKind, StoredAnswer } from "./local-db";

export type Batch = BatchRecord & {
  /** For answer batches: the latest value of each field, and its edit time. */
  answers: Record<string, string>;
  editedAt: Record<string, number>;
  /** For the other kinds: the JSON payload. */
  payload: unknown;
};

const seqKey = (owner: string) => `seq:${owner}`;

/**
 * Saves one answer on the device, unless the device already holds a newer edit of that field (from
 * another tab); when `enqueue` is set (a signed-in owner), also queues it for the server, updating
 * the field's pending entry rather than adding one per keystroke. Returns whether it was stored.
 */
export async function recordAnswer(db: LocalDb, answer: StoredAnswer, enqueue: boolean): Promise<boolean> {
  return db.transaction("rw", db.answers, db.queue, async () => {
    const current = await db.answers.get([answer.owner, answer.key]);
    if (current && current.editedAt > answer.editedAt) return false;
    await db.answers.put(answer);
    if (enqueue) await upsertPending(db, answer.owner, "answer", answer.key, answer.value, answer.editedAt);
    return true;
  });
}

/**
 * Queues a non-answer change; a newer one with the same `key` replaces a pending one. The key is
 * the kind unless older entries must survive (each web status is its own entry: the server derives
 * the status from the distinct entries it holds, so "started" must not be replaced by "validating").
 */
export async function recordAction(
  db: LocalDb,
  owner: string,
  kind: ActionKind,
  payload: unknown,
  key: string = kind,
) {
  await db.transaction("rw", db.queue, () =>
    upsertPending(db, owner, kind, key, JSON.stringify(payload), Date.now()),
  );
}

/** The keys of `owner`'s waiting non-answer changes, e.g. to keep a local choice over the server's. */
export async function pendingActionKeys(db: LocalDb, owner: string): Promise<Set<string>> {
  const entries = await db.queue.where("owner").equals(owner).toArray();
  return new Set(entries.filter((entry) => entry.kind !== "answer").map((entry) => entry.key));
}

async function upsertPending(
  db: LocalDb,
  owner: string,
  kind: QueueKind,
  key: string,
  value: string,
  editedAt: number,
) {
  const pending = await db.queue
    .where("[owner+key]")
    .equals([owner, key])
    .filter((entry) => entry.batchId === null)
    .first();
  if (pending?.id !== undefined) await db.queue.update(pending.id, { value, editedAt });
  else await db.queue.add({ owner, kind, key, value, editedAt, batchId: null });
}

/**
 * The next request to send for `owner`: the batch already under way if there is one (so a retry
 * is the very same request), otherwise a new one. If the oldest waiting entry is an answer, the
 * batch holds every waiting answer (latest value per field) and takes the next sequence number;
 * otherwise it is that one action. Null when nothing is waiting.
 */
export async function takeBatch(db: LocalDb, owner: string): Promise<Batch | null> {
  return db.transaction("rw", db.queue, db.batches, db.meta, async () => {
    const open = await db.batches.where("owner").equals(owner).first();
    if (open) return withMembers(open, await db.queue.where("batchId").equals(open.batchId).sortBy("id"));
    const entries = await db.queue.where("owner").equals(owner).sortBy("id");
    const first = entries[0];
    if (!first) return null;
    const members = first.kind === "answer" ? entries.filter((entry) => entry.kind === "answer") : [first];
    const record: BatchRecord = {
      batchId: crypto.randomUUID(),
      owner,
      kind: first.kind,
      seq: first.kind === "answer" ? await nextSeq(db, owner) : null,
    };
    await db.batches.add(record);
    await db.queue.bulkUpdate(
      members.map((e) => ({ key: e.id as number, changes: { batchId: record.batchId } })),
    );
    return withMembers(record, members);
  });
}

function withMembers(record: BatchRecord, members: QueueEntry[]): Batch {
  const answers: Record<string, string> = {};
  const editedAt: Record<string, number> = {};
  for (const entry of members) {
    answers[entry.key] = entry.value;
    editedAt[entry.key] = entry.editedAt;
  }
  const only = members[0];
  const payload = record.kind !== "answer" && only ? JSON.parse(only.value) : null;
  return { ...record, answers, editedAt, payload };
}

async function nextSeq(db: LocalDb, owner: string): Promise<number> {
  const seq = ((await db.meta.get(seqKey(owner)))?.value ?? 0) + 1;
  await db.meta.put({ key: seqKey(owner), value: seq });
  return seq;
}

/** The server has stored the batch: its entries leave the queue. Edits made meanwhile stay. */
export async function completeBatch(db: LocalDb, batchId: string): Promise<void> {
  await db.transaction("rw", db.queue, db.batches, async () => {
    await db.queue.where("batchId").equals(batchId).delete();
    await db.batches.delete(batchId);
  });
}

/**
 * The server expected another sequence number (it lost state, or this device did): renumber the
 * open batch and add every answer the device holds, so nothing the server missed stays missing.
 * Safe because the server keeps the newer edit of each field.
 */
export async function resyncBatch(db: LocalDb, batch: Batch, expectedSeq: number): Promise<void> {
  await db.transaction("rw", db.answers, db.queue, db.batches, db.meta, async () => {
    await db.batches.update(batch.batchId, { seq: expectedSeq });
    await db.meta.put({ key: seqKey(batch.owner), value: expectedSeq });
    const held = await db.answers.where("owner").equals(batch.owner).toArray();
    const missing = held.filter((answer) => !(answer.key in batch.answers) && answer.editedAt > 0);
    await db.queue.bulkAdd(
      missing.map((a) => ({
        owner: a.owner,
        kind: "answer" as const,
        key: a.key,
        value: a.value,
        editedAt: a.editedAt,
        batchId: batch.batchId,
      })),
    );
  });
}

export async function pendingCount(db: LocalDb, owner: string): Promise<number> {
  return db.queue.where("owner").equals(owner).count();
}

export async function pendingKeys(db: LocalDb, owner: string): Promise<Set<string>> {
  const entries = await db.queue.where("owner").equals(owner).toArray();
  return new Set(entries.filter((entry) => entry.kind === "answer").map((entry) => entry.key));
}

/**
 * Moves this device's anonymous draft into `owner`'s answers and queue (after sign-up or sign-in).
 * The server, not the device, decides which edit of a field is newer: every draft is sent with its
 * edit time, and a field the account already holds a newer value for comes back superseded.
 * A field with a newer edit still waiting on this device keeps it. Returns the number merged.
 */
export async function adoptDrafts(db: LocalDb, deviceOwner: string, owner: string): Promise<number> {
  return db.transaction("rw", db.answers, db.queue, async () => {
    const drafts = (await db.answers.where("owner").equals(deviceOwner).toArray()).filter(
      (d) => d.editedAt > 0,
    );
    let merged = 0;
    for (const draft of drafts) {
      const pending = await db.queue.where("[owner+key]").equals([owner, draft.key]).first();
      if (pending && pending.editedAt > draft.editedAt) continue;
      await db.answers.put({ ...draft, owner });
      await upsertPending(db, owner, "answer", draft.key, draft.value, draft.editedAt);
      merged += 1;
    }
    await db.answers.where("owner").equals(deviceOwner).delete();
    return merged;
  });
}

/** After the server kept newer values: store them unless the user has edited the field again since. */
export async function adoptSuperseded(
  db: LocalDb,
  batch: Batch,
  superseded: Record<string, string>,
): Promise<void> {
  await db.transaction("rw", db.answers, db.queue, async () => {
    for (const [key, value] of Object.entries(superseded)) {
      const newer = await db.queue
        .where("[owner+key]")
        .equals([batch.owner, key])
        .filter((entry) => entry.batchId !== batch.batchId)
        .first();
      if (newer) continue;
      await db.answers.put({ owner: batch.owner, key, value, editedAt: batch.editedAt[key] ?? 0 });
    }
  });
}

/** Forgets an owner's answers and cached profile on this device (sign-out once everything is sent). */
export async function forgetOwner(db: LocalDb, owner: string): Promise<void> {
  await db.transaction("rw", db.answers, db.profiles, async () => {
    await db.answers.where("owner").equals(owner).delete();
    await db.profiles.delete(owner);
  });
}
