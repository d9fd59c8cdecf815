import Dexie from "dexie";
import {
  type ActionKind,
  ANSWER_LANE,
  type BatchRecord,
  DEVICE_OWNER,
  type LocalDb,
  laneOf,
  type QueueEntry,
  type QueueKind,
  type StoredAnswer,
} from "./local-db";

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
  // On every keystroke: the reads go together, then the writes together (two round trips to the
  // database, not four, and no cursor), so the commit is not queued behind rendering four times.
  return db.transaction("rw", db.answers, db.queue, async () => {
    const [current, pending] = await Promise.all([
      db.answers.get([answer.owner, answer.key]),
      enqueue ? unbatchedEntry(db, answer.owner, answer.key) : undefined,
    ]);
    if (current && current.editedAt > answer.editedAt) return false;
    const { owner, key, value, editedAt } = answer;
    await Promise.all([
      db.answers.put(answer),
      enqueue && writePending(db, pending, { owner, kind: "answer", key, value, editedAt, batchId: null }),
    ]);
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

/**
 * Queues the page the applicant is on (spec §2), unless `serverHas` is that page and no page change
 * of `owner` waits (one that waits, sent or not, would leave the server on another page): a
 * returning applicant's every page load would otherwise send what the server already holds.
 * Returns whether it was queued.
 */
export async function recordPage(
  db: LocalDb,
  owner: string,
  page: string,
  serverHas: string | null,
): Promise<boolean> {
  return db.transaction("rw", db.queue, async () => {
    const waiting = await db.queue.where("[owner+key]").equals([owner, "last-page"]).toArray();
    if (waiting.length === 0 && page === serverHas) return false;
    const value = JSON.stringify({ last_page: page });
    const pending = waiting.find((entry) => entry.batchId === null);
    await writePending(db, pending, {
      owner,
      kind: "last-page",
      key: "last-page",
      value,
      editedAt: Date.now(),
      batchId: null,
    });
    return true;
  });
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
  const pending = await unbatchedEntry(db, owner, key);
  await writePending(db, pending, { owner, kind, key, value, editedAt, batchId: null });
}

/** The field's entry that is not in a batch yet, if any (there is at most one; one read, no cursor). */
async function unbatchedEntry(db: LocalDb, owner: string, key: string): Promise<QueueEntry | undefined> {
  const entries = await db.queue.where("[owner+key]").equals([owner, key]).toArray();
  return entries.find((entry) => entry.batchId === null);
}

/** Updates the field's unbatched entry with the newer edit, or adds one. */
async function writePending(
  db: LocalDb,
  pending: QueueEntry | undefined,
  entry: QueueEntry,
): Promise<unknown> {
  if (pending?.id === undefined) return db.queue.add(entry);
  // The entry as this transaction read it, with the newer edit, in one write: Dexie's update()
  // would read it again first (its keys, then its value), two more round trips per keystroke.
  // An edit of a refused answer is a new attempt: it is sent again, without the mark.
  const { refused: _wasRefused, ...kept } = pending;
  return db.queue.put({ ...kept, value: entry.value, editedAt: entry.editedAt });
}

/**
 * The next request to send for `owner` in `lane` (local-db.ts `laneOf`): the batch already under
 * way there if there is one (so a retry is the very same request), otherwise a new one. The answer
 * lane's batch holds every waiting answer (latest value per field; after a split, only the half
 * set aside last) and takes the next sequence number; another lane's is its one change. Refused
 * answers wait for an edit. Null when nothing is waiting in the lane.
 */
export async function takeBatch(
  db: LocalDb,
  owner: string,
  lane: string = ANSWER_LANE,
): Promise<Batch | null> {
  return db.transaction("rw", db.queue, db.batches, db.meta, async () => {
    const open = await db.batches.where("[owner+lane]").equals([owner, lane]).first();
    if (open) return withMembers(open, await db.queue.where("batchId").equals(open.batchId).sortBy("id"));
    const entries = (await db.queue.where("owner").equals(owner).sortBy("id")).filter(
      (entry) => isWaiting(entry) && entry.batchId === null && laneOf(entry) === lane,
    );
    const first = entries[0];
    if (!first) return null;
    const members = first.kind === "answer" ? nextAnswers(entries) : [first];
    const record: BatchRecord = {
      batchId: crypto.randomUUID(),
      owner,
      lane,
      kind: first.kind,
      seq: first.kind === "answer" ? await nextSeq(db, owner) : null,
    };
    await db.batches.add(record);
    await db.queue.bulkUpdate(
      members.map((e) => ({
        key: e.id as number,
        changes: { batchId: record.batchId, heldBack: undefined },
      })),
    );
    return withMembers(record, members);
  });
}

/**
 * The lanes of `owner` with something to send: a batch under way, or waiting changes (refused
 * answers wait for an edit, not for the server), the answer lane first, then in queue order.
 */
export async function lanesWithWork(db: LocalDb, owner: string): Promise<string[]> {
  return db.transaction("r", db.queue, db.batches, async () => {
    const lanes = new Set<string>();
    for (const batch of await db.batches.where("owner").equals(owner).toArray()) lanes.add(batch.lane);
    for (const entry of await db.queue.where("owner").equals(owner).sortBy("id")) {
      if (isWaiting(entry)) lanes.add(laneOf(entry));
    }
    return [...lanes].sort((a, b) => Number(b === ANSWER_LANE) - Number(a === ANSWER_LANE));
  });
}

/** The waiting changes of `owner`'s lane, with their edit times: what a parked lane compares. */
export async function laneContents(db: LocalDb, owner: string, lane: string): Promise<string> {
  const entries = (await db.queue.where("owner").equals(owner).sortBy("id")).filter(
    (entry) => isWaiting(entry) && laneOf(entry) === lane,
  );
  return entries.map((entry) => `${entry.id}:${entry.key}:${entry.editedAt}`).join("|");
}

/** The waiting answers to batch: the half set aside by the latest split if any, else all of them. */
function nextAnswers(entries: QueueEntry[]): QueueEntry[] {
  const answers = entries.filter((entry) => entry.kind === "answer");
  const latest = latestSplit(answers);
  return latest === 0 ? answers : answers.filter((entry) => entry.heldBack === latest);
}

const latestSplit = (entries: QueueEntry[]) =>
  entries.reduce((latest, entry) => Math.max(latest, entry.heldBack ?? 0), 0);

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

const isWaiting = (entry: QueueEntry) => entry.refused === undefined;

/** The server has stored the batch: its entries leave the queue. Edits made meanwhile stay. */
export async function completeBatch(db: LocalDb, batchId: string): Promise<void> {
  await db.transaction("rw", db.queue, db.batches, async () => {
    await db.queue.where("batchId").equals(batchId).delete();
    await db.batches.delete(batchId);
  });
}

/**
 * The server refused some answers of `batch` as invalid (400 `fields`: key → reason). Each is kept
 * on the device, marked with its reason, and left out of later batches until the field is edited
 * again (an edit made meanwhile already replaces it). The rest of the batch goes again as a new
 * batch (a new idempotency key) with the same sequence number: the refused request used neither.
 */
export async function refuseAnswers(db: LocalDb, batch: Batch, reasons: Record<string, string>) {
  await db.transaction("rw", db.queue, db.batches, db.meta, async () => {
    const members = await db.queue.where("batchId").equals(batch.batchId).sortBy("id");
    const refused = (entry: QueueEntry) => Object.hasOwn(reasons, entry.key);
    for (const entry of members.filter(refused)) await setAside(db, entry, { refused: reasons[entry.key] });
    await rebatch(
      db,
      batch,
      members.filter((entry) => !refused(entry)),
    );
  });
}

/**
 * The server refused `batch` as invalid without saying which answers (no usable `fields`): the
 * first half is sent again as a new batch with the same sequence number, the other half is held
 * back and goes next. Repeated, this isolates the offending answer, which is then refused alone.
 * Returns false when there is nothing left to split (one answer).
 */
export async function splitBatch(db: LocalDb, batch: Batch): Promise<boolean> {
  return db.transaction("rw", db.queue, db.batches, db.meta, async () => {
    const members = await db.queue.where("batchId").equals(batch.batchId).sortBy("id");
    if (members.length < 2) return false;
    const kept = members.slice(0, Math.ceil(members.length / 2));
    const split = latestSplit(await db.queue.where("owner").equals(batch.owner).toArray()) + 1;
    for (const entry of members.slice(kept.length)) await setAside(db, entry, { heldBack: split });
    await rebatch(db, batch, kept);
    return true;
  });
}

/**
 * Takes an entry out of its batch: back among the waiting entries, or marked refused. A newer
 * unbatched edit of the same field (made while the batch was under way) replaces it, so a field
 * never has two unbatched entries.
 */
async function setAside(
  db: LocalDb,
  entry: QueueEntry,
  mark: Pick<QueueEntry, "refused" | "heldBack">,
): Promise<void> {
  if (entry.id === undefined) return;
  const newer = await db.queue
    .where("[owner+key]")
    .equals([entry.owner, entry.key])
    .filter((other) => other.batchId === null && other.id !== entry.id)
    .first();
  if (newer) await db.queue.delete(entry.id);
  else await db.queue.update(entry.id, { batchId: null, ...mark });
}

/**
 * Replaces a refused batch: its remaining entries under a new batch id and the same sequence number,
 * or, when none remain, no batch at all, and the number goes back to be used by the next one.
 */
async function rebatch(db: LocalDb, batch: Batch, remaining: QueueEntry[]): Promise<void> {
  await db.batches.delete(batch.batchId);
  if (remaining.length === 0) {
    const counter = await db.meta.get(seqKey(batch.owner));
    if (batch.seq !== null && counter?.value === batch.seq) {
      await db.meta.put({ key: seqKey(batch.owner), value: batch.seq - 1 });
    }
    return;
  }
  const record: BatchRecord = {
    batchId: crypto.randomUUID(),
    owner: batch.owner,
    lane: batch.lane,
    kind: batch.kind,
    seq: batch.seq,
  };
  await db.batches.add(record);
  await db.queue.bulkUpdate(
    remaining.map((entry) => ({ key: entry.id as number, changes: { batchId: record.batchId } })),
  );
}

/**
 * The server expected another sequence number (it lost state, or this device did): renumber the
 * open batch and add every answer the device holds, so nothing the server missed stays missing.
 * Safe because the server keeps the newer edit of each field. Refused answers are not added: the
 * server would refuse them again.
 */
export async function resyncBatch(db: LocalDb, batch: Batch, expectedSeq: number): Promise<void> {
  await db.transaction("rw", db.answers, db.queue, db.batches, db.meta, async () => {
    await db.batches.update(batch.batchId, { seq: expectedSeq });
    await db.meta.put({ key: seqKey(batch.owner), value: expectedSeq });
    const refused = new Set(
      (await db.queue.where("owner").equals(batch.owner).toArray())
        .filter((entry) => !isWaiting(entry))
        .map((entry) => entry.key),
    );
    const held = await db.answers.where("owner").equals(batch.owner).toArray();
    const missing = held.filter(
      (answer) => !(answer.key in batch.answers) && !refused.has(answer.key) && answer.editedAt > 0,
    );
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

/** Changes waiting to be sent (refused answers wait for an edit, not for the server). */
export async function pendingCount(db: LocalDb, owner: string): Promise<number> {
  return (await queueSummary(db, owner)).pending;
}

/** Changes that have not reached the server: waiting ones and refused answers (of `kinds`, if given). */
export async function unsentCount(db: LocalDb, owner: string, kinds?: readonly QueueKind[]): Promise<number> {
  const all = db.queue.where("owner").equals(owner);
  return kinds ? all.filter((entry) => kinds.includes(entry.kind)).count() : all.count();
}

export type RefusedAnswer = { key: string; value: string; reason: string };

/** The answers the server refused, in the order they were first queued. */
export async function refusedAnswers(db: LocalDb, owner: string): Promise<RefusedAnswer[]> {
  return (await queueSummary(db, owner)).refused;
}

/**
 * What the header shows of the queue, read in one transaction so that it never mixes two moments.
 * Two index reads (a count, and the refused entries, usually none): no entry is read while typing.
 */
export async function queueSummary(
  db: LocalDb,
  owner: string,
): Promise<{ pending: number; refused: RefusedAnswer[] }> {
  return db.transaction("r", db.queue, async () => {
    const total = await db.queue.where("owner").equals(owner).count();
    const entries = await db.queue
      .where("[owner+refused]")
      .between([owner, Dexie.minKey], [owner, Dexie.maxKey])
      .sortBy("id");
    const refused = entries.map((entry) => ({
      key: entry.key,
      value: entry.value,
      reason: entry.refused as string,
    }));
    return { pending: total - refused.length, refused };
  });
}

/**
 * Undoes refused changes: the fields take the server's values again (`serverValues`, "" for a
 * field the server does not hold) and their refused entries leave the queue. A field edited again
 * meanwhile is left alone (its edit is waiting to be sent). Returns the keys restored.
 */
export async function restoreRefused(
  db: LocalDb,
  owner: string,
  keys: readonly string[],
  serverValues: Readonly<Record<string, string>>,
): Promise<string[]> {
  return db.transaction("rw", db.answers, db.queue, async () => {
    const restored: string[] = [];
    for (const key of keys) {
      const entry = await db.queue
        .where("[owner+key]")
        .equals([owner, key])
        .filter((candidate) => candidate.refused !== undefined)
        .first();
      if (entry?.id === undefined) continue;
      await db.queue.delete(entry.id);
      // The refused edit's time: the device's copy is the server's as of that edit, and the
      // in-memory store (which holds that edit) adopts it.
      const value = Object.hasOwn(serverValues, key) ? (serverValues[key] as string) : "";
      await db.answers.put({ owner, key, value, editedAt: entry.editedAt });
      restored.push(key);
    }
    return restored;
  });
}

export async function pendingKeys(db: LocalDb, owner: string): Promise<Set<string>> {
  const entries = await db.queue.where("owner").equals(owner).toArray();
  return new Set(entries.filter((entry) => entry.kind === "answer").map((entry) => entry.key));
}

/** What the open of an owner's answers found (openOwnerAnswers). */
export type OwnerOpening = {
  /** The owner's answers on the device, the server's values folded in. */
  rows: StoredAnswer[];
  /** Answers of the device's draft that joined the owner's (0 for the device's own open). */
  mergedDrafts: number;
  /** What the header shows of the queue (as `queueSummary` gives it). */
  pending: number;
  refused: RefusedAnswer[];
  /** The keys of the waiting non-answer changes (as `pendingActionKeys` gives them). */
  pendingActions: Set<string>;
};

/**
 * Makes `owner`'s answers current on the device, in one transaction that reads the owner's queue
 * once (each read was a transaction of its own: issue 34). A signed-in owner takes in the device's
 * draft (`adoptDrafts`) and then the server's values (`server`, when given), except for fields
 * with a change still waiting to be sent, the draft's among them (the device's value is the newer
 * one, and goes to the server). The answers, the queue's summary and its waiting actions then
 * come from what the transaction read and wrote, not from more reads.
 */
export async function openOwnerAnswers(
  db: LocalDb,
  owner: string,
  server: Record<string, string> | null,
): Promise<OwnerOpening> {
  return db.transaction("rw", db.answers, db.queue, async () => {
    const mergedDrafts = owner === DEVICE_OWNER ? 0 : await adoptDraftsHere(db, DEVICE_OWNER, owner);
    // The device's own answers are never queued (spec §6): nothing to read.
    const entries = owner === DEVICE_OWNER ? [] : await db.queue.where("owner").equals(owner).toArray();
    const local = new Map(
      (await db.answers.where("owner").equals(owner).toArray()).map((answer) => [answer.key, answer]),
    );
    if (server) {
      const waiting = new Set(entries.filter((entry) => entry.kind === "answer").map((entry) => entry.key));
      const changed = Object.entries(server)
        .filter(([key, value]) => !waiting.has(key) && local.get(key)?.value !== value)
        // Edit time 0: the server's copy; any later local edit is newer.
        .map(([key, value]) => ({ owner, key, value, editedAt: 0 }));
      await db.answers.bulkPut(changed);
      for (const answer of changed) local.set(answer.key, answer);
    }
    const refused = entries
      .filter((entry) => entry.refused !== undefined)
      .sort((a, b) => (a.id ?? 0) - (b.id ?? 0))
      .map((entry) => ({ key: entry.key, value: entry.value, reason: entry.refused as string }));
    const pendingActions = new Set(
      entries.filter((entry) => entry.kind !== "answer").map((entry) => entry.key),
    );
    return {
      rows: [...local.values()],
      mergedDrafts,
      pending: entries.length - refused.length,
      refused,
      pendingActions,
    };
  });
}

/**
 * Moves this device's anonymous draft into `owner`'s answers and queue (after sign-up or sign-in).
 * The server, not the device, decides which edit of a field is newer: every draft is sent with its
 * edit time, and a field the account already holds a newer value for comes back superseded.
 * A field with a newer edit still waiting on this device keeps it. Returns the number merged.
 */
export async function adoptDrafts(db: LocalDb, deviceOwner: string, owner: string): Promise<number> {
  return db.transaction("rw", db.answers, db.queue, () => adoptDraftsHere(db, deviceOwner, owner));
}

/** `adoptDrafts` within a transaction on the answers and the queue. */
async function adoptDraftsHere(db: LocalDb, deviceOwner: string, owner: string): Promise<number> {
  const held = await db.answers.where("owner").equals(deviceOwner).toArray();
  // No draft (the usual page load): nothing to move, nor to delete.
  if (held.length === 0) return 0;
  let merged = 0;
  for (const draft of held.filter((d) => d.editedAt > 0)) {
    const pending = await db.queue.where("[owner+key]").equals([owner, draft.key]).first();
    if (pending && pending.editedAt > draft.editedAt) continue;
    await db.answers.put({ ...draft, owner });
    await upsertPending(db, owner, "answer", draft.key, draft.value, draft.editedAt);
    merged += 1;
  }
  await db.answers.where("owner").equals(deviceOwner).delete();
  return merged;
}

/**
 * A value the server wrote itself (a file question's "ANSWERED" when its conversion completed,
 * decision 0009), stored on the device as the server's copy: not queued, as `openOwnerAnswers`
 * takes the server's values in. Not while a change of the field waits in the queue (sent or not,
 * refused or not): that change is the applicant's, and stays. Its edit time is the stored one's
 * (0 without one), so a later edit, or one on its way to the database, is newer and wins
 * (`recordAnswer`). Returns what was stored, or null when nothing was.
 */
export async function adoptServerAnswer(
  db: LocalDb,
  owner: string,
  key: string,
  value: string,
): Promise<StoredAnswer | null> {
  return db.transaction("rw", db.answers, db.queue, async () => {
    const [stored, waiting] = await Promise.all([
      db.answers.get([owner, key]),
      db.queue
        .where("[owner+key]")
        .equals([owner, key])
        .filter((entry) => entry.kind === "answer")
        .first(),
    ]);
    if (waiting || stored?.value === value) return null;
    const answer = { owner, key, value, editedAt: stored?.editedAt ?? 0 };
    await db.answers.put(answer);
    return answer;
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
