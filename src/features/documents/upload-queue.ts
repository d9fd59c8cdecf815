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
 * before upload cancels it); the server's document, if it holds one, is queued for deletion.
 * Returns what is queued now.
 */
export async function queueDeletion(
  db: LocalDb,
  owner: string,
  key: string,
): Promise<"cancelled" | "queued"> {
  return db.transaction("rw", db.uploads, db.documents, async () => {
    const queued = await db.uploads.get([owner, key]);
    const onServer = await db.documents.get([owner, key]);
    if (queued?.op === "upload" && !onServer) {
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
    });
    return "queued";
  });
}

/** The owner's waiting changes, oldest first. */
export async function queuedChanges(db: LocalDb, owner: string): Promise<QueuedUpload[]> {
  const entries = await db.uploads.where("owner").equals(owner).toArray();
  return entries.sort((a, b) => a.queuedAt - b.queuedAt);
}

/** Files this device holds for `owner` that the server has not recorded yet. */
export async function waitingUploadCount(db: LocalDb, owner: string): Promise<number> {
  return db.uploads
    .where("owner")
    .equals(owner)
    .filter((entry) => entry.op === "upload")
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
  return updateIfCurrent(db, entry, (current) => ({ ...current, fileKey, attempts: 0 }));
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
export function noteFailure(db: LocalDb, entry: QueuedUpload): Promise<boolean> {
  return updateIfCurrent(db, entry, (current) => ({ ...current, attempts: current.attempts + 1 }));
}

/**
 * The server has done what the entry asked: it leaves the queue and the device's copy of the
 * server's documents follows (`document` recorded, or null: deleted). Only if the entry is still
 * current; returns whether it was.
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
    await db.uploads.delete([entry.owner, entry.key]);
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
