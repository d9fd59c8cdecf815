import type { DocumentAnswer } from "../../shared/api-types";
import type { KeptFile, LocalDb, QueuedUpload } from "../answers/local-db";

// The device's queue of changes to file questions (decision 0014): a file waits here, on disk,
// from the moment it is chosen until the server has recorded it, so it survives going offline,
// reloading and closing the tab. One entry per owner and question; a newer change replaces it.
// The worker (upload-worker.ts) takes entries in order; every step it finishes is written back
// only if the entry is still the one it started (same token), so a file replaced or deleted
// meanwhile is never recorded over the applicant's newer choice.

export type UploadEntry = Extract<QueuedUpload, { op: "upload" }>;

const newToken = () => crypto.randomUUID();

let lastQueuedAt = 0;
/** Strictly increasing in this tab, so changes made within one millisecond keep their order. */
function nextQueuedAt(): number {
  lastQueuedAt = Math.max(Date.now(), lastQueuedAt + 1);
  return lastQueuedAt;
}

/** Keeps `file` for question `key`, replacing whatever was queued for it. */
export async function queueUpload(
  db: LocalDb,
  owner: string,
  key: string,
  file: KeptFile,
): Promise<UploadEntry> {
  const entry: UploadEntry = {
    owner,
    key,
    token: newToken(),
    queuedAt: nextQueuedAt(),
    attempts: 0,
    op: "upload",
    file,
  };
  await db.uploads.put(entry);
  return entry;
}

/**
 * The applicant deletes question `key`'s file. A file still waiting is simply dropped (deleting
 * before upload cancels it); otherwise the server's document and conversion are queued for deletion,
 * sent from `notBefore` on if given (while it can be undone). Returns what is queued now.
 */
export async function queueDeletion(
  db: LocalDb,
  owner: string,
  key: string,
  { notBefore }: { notBefore?: number } = {},
): Promise<"cancelled" | "queued"> {
  return db.transaction("rw", db.uploads, db.documents, async () => {
    const queued = await db.uploads.get([owner, key]);
    const onServer = await db.documents.get([owner, key]);
    // A file only waiting never reached the server. One held after a failure may have left a
    // conversion there (FAILED): the deletion goes to the server too (spec §4).
    if (queued?.op === "upload" && !onServer && !queued.held) {
      await db.uploads.delete([owner, key]);
      return "cancelled";
    }
    await db.uploads.put({
      owner,
      key,
      token: newToken(),
      queuedAt: nextQueuedAt(),
      attempts: 0,
      op: "delete",
      ...(notBefore !== undefined ? { notBefore } : {}),
    });
    return "queued";
  });
}

/** A deletion the applicant can still undo: the worker waits until `notBefore`. */
export const waitsUntil = (entry: QueuedUpload): number =>
  entry.op === "delete" ? (entry.notBefore ?? 0) : 0;

/**
 * Puts back what `previous` was for the question if the entry is still the version `token`
 * (a deletion not sent yet): the undo of a deletion. False when it has gone ahead meanwhile.
 */
export async function restoreEntry(
  db: LocalDb,
  owner: string,
  key: string,
  token: string,
  previous: QueuedUpload | undefined,
): Promise<boolean> {
  return db.transaction("rw", db.uploads, async () => {
    const current = await db.uploads.get([owner, key]);
    if (current?.token !== token) return false;
    if (previous) await db.uploads.put(previous);
    else await db.uploads.delete([owner, key]);
    return true;
  });
}

/** A deletion waiting for its undo to pass is sent now (same version: nothing else changes). */
export async function sendNow(db: LocalDb, owner: string, key: string, token: string): Promise<boolean> {
  return db.transaction("rw", db.uploads, async () => {
    const current = await db.uploads.get([owner, key]);
    if (current?.token !== token || current.op !== "delete") return false;
    const { notBefore: _waited, ...rest } = current;
    await db.uploads.put(rest);
    return true;
  });
}

/** Whether the worker sends the entry: not held for the applicant, not recorded already. */
export const isToSend = (entry: QueuedUpload) => entry.op === "delete" || (!entry.held && !entry.recorded);

/** The owner's changes to send, oldest first. */
export async function queuedChanges(db: LocalDb, owner: string): Promise<QueuedUpload[]> {
  const entries = await db.uploads.where("owner").equals(owner).filter(isToSend).toArray();
  return entries.sort((a, b) => a.queuedAt - b.queuedAt);
}

/** Files this device holds for `owner` that the server has not recorded yet (waiting or held). */
export async function waitingUploadCount(db: LocalDb, owner: string): Promise<number> {
  return db.uploads
    .where("owner")
    .equals(owner)
    .filter((entry) => entry.op === "upload" && !entry.recorded)
    .count();
}

/** Applies `change` to the entry only if it is still the version `entry` was read as. */
async function updateIfCurrent(
  db: LocalDb,
  entry: QueuedUpload,
  change: (current: QueuedUpload) => QueuedUpload,
): Promise<boolean> {
  return db.transaction("rw", db.uploads, async () => {
    const current = await db.uploads.get([entry.owner, entry.key]);
    if (current?.token !== entry.token) return false;
    await db.uploads.put(change(current));
    return true;
  });
}

/** The store holds the file under `fileKey`: the next step records it. */
export function markStored(db: LocalDb, entry: UploadEntry, fileKey: string): Promise<boolean> {
  return updateIfCurrent(db, entry, (current) => ({ ...current, fileKey, attempts: 0, storeFailures: 0 }));
}

/** A post to the store got no answer (`count`: how many in a row now; 0 resets after a success). */
export function setStoreFailures(db: LocalDb, entry: UploadEntry, count: number): Promise<boolean> {
  return updateIfCurrent(db, entry, (current) =>
    current.op === "upload" ? { ...current, storeFailures: count } : current,
  );
}

/**
 * The upload failed for good (failure-policy.ts `hold`): kept on the device with the reason, not
 * sent, until `retryHeld` or `dropHeld`.
 */
export function holdUpload(db: LocalDb, entry: UploadEntry, reason: string): Promise<boolean> {
  return updateIfCurrent(db, entry, (current) =>
    current.op === "upload" ? { ...current, held: reason, recorded: false, attempts: 0 } : current,
  );
}

/** "Try again": the held file goes back in the queue, from the start (a fresh policy). */
export async function retryHeld(db: LocalDb, owner: string, key: string): Promise<boolean> {
  return db.transaction("rw", db.uploads, async () => {
    const current = await db.uploads.get([owner, key]);
    if (current?.op !== "upload" || !current.held) return false;
    const { held: _reason, fileKey: _stored, ...rest } = current;
    await db.uploads.put({
      ...rest,
      token: newToken(),
      queuedAt: nextQueuedAt(),
      attempts: 0,
      missing: 0,
      storeFailures: 0,
    });
    return true;
  });
}

/** The applicant dismissed the failure (spec §8 reset): the held file leaves the device. */
export async function dropHeld(db: LocalDb, owner: string, key: string): Promise<boolean> {
  return db.transaction("rw", db.uploads, async () => {
    const current = await db.uploads.get([owner, key]);
    if (current?.op !== "upload" || !current.held) return false;
    await db.uploads.delete([owner, key]);
    return true;
  });
}

/**
 * The conversion of a recorded file ended: COMPLETED, its copy on the device is no longer needed;
 * FAILED (`reason`), it is held, so the applicant can try again with it. Returns whether the device
 * held a copy.
 */
export async function conversionEnded(
  db: LocalDb,
  owner: string,
  key: string,
  outcome: { completed: true } | { failed: string },
): Promise<boolean> {
  return db.transaction("rw", db.uploads, async () => {
    const current = await db.uploads.get([owner, key]);
    if (current?.op !== "upload" || !current.recorded) return false;
    if ("completed" in outcome) await db.uploads.delete([owner, key]);
    else {
      const { fileKey: _removed, ...rest } = current;
      await db.uploads.put({ ...rest, recorded: false, held: outcome.failed });
    }
    return true;
  });
}

/** At sign-out: copies kept for recorded files leave the device (the server has them). */
export async function forgetRecorded(db: LocalDb, owner: string): Promise<void> {
  await db.uploads
    .where("owner")
    .equals(owner)
    .filter((entry) => entry.op === "upload" && entry.recorded === true)
    .delete();
}

/** The server could not find the stored file: it is uploaded again. */
export function markMissing(db: LocalDb, entry: UploadEntry): Promise<boolean> {
  return updateIfCurrent(db, entry, (current) =>
    current.op === "upload"
      ? { ...current, fileKey: undefined, missing: (current.missing ?? 0) + 1 }
      : current,
  );
}

/** A try failed for a reason that may pass (offline, server trouble): counted for the backoff. */
export function noteFailure(
  db: LocalDb,
  entry: QueuedUpload,
  waitingFor: QueuedUpload["waitingFor"] = "connection",
): Promise<boolean> {
  return updateIfCurrent(db, entry, (current) => ({
    ...current,
    attempts: current.attempts + 1,
    waitingFor,
  }));
}

/**
 * The server has done what the entry asked, and the device's copy of the server's documents
 * follows (`document` recorded, or null: deleted). A deletion leaves the queue; a recorded file
 * stays on the device, not sent again, until its conversion ends (`conversionEnded`). Only if the
 * entry is still current; returns whether it was.
 */
export async function finishChange(
  db: LocalDb,
  entry: QueuedUpload,
  document: DocumentAnswer | null,
): Promise<boolean> {
  return db.transaction("rw", db.uploads, db.documents, async () => {
    const current = await db.uploads.get([entry.owner, entry.key]);
    // Whatever happened to the entry meanwhile, the server now holds this (or nothing).
    if (document) await db.documents.put({ owner: entry.owner, key: entry.key, ...document });
    else await db.documents.delete([entry.owner, entry.key]);
    if (current?.token !== entry.token) return false;
    if (current.op === "upload" && document) {
      await db.uploads.put({ ...current, recorded: true, attempts: 0 });
    } else {
      await db.uploads.delete([entry.owner, entry.key]);
    }
    return true;
  });
}

/** The server refused the change for good (e.g. the file's name): it leaves the queue. */
export async function dropChange(db: LocalDb, entry: QueuedUpload): Promise<boolean> {
  return db.transaction("rw", db.uploads, async () => {
    const current = await db.uploads.get([entry.owner, entry.key]);
    if (current?.token !== entry.token) return false;
    await db.uploads.delete([entry.owner, entry.key]);
    return true;
  });
}
