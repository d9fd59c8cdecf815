import Dexie, { type Table } from "dexie";
import type { Profile } from "../../shared/api-types";

/** Owner of answers typed before any sign-in: they belong to this device until merged into an account. */
export const DEVICE_OWNER = "device";

export type StoredAnswer = {
  owner: string;
  key: string;
  value: string;
  /** Local edit time (ms since epoch). */
  editedAt: number;
};

/**
 * A change waiting for the server. Unbatched entries are coalesced per field as the user types;
 * once a send starts they get a batchId, and the batch is resent unchanged (same idempotency key)
 * until the server confirms it.
 */
export type QueueEntry = {
  id?: number;
  owner: string;
  key: string;
  value: string;
  editedAt: number;
  batchId: string | null;
};

/** The last profile the server returned, so the app starts offline with what it knew. */
export type CachedProfile = {
  owner: string;
  profile: Omit<Profile, "answer" | "document_answer">;
  fetchedAt: number;
};

export class LocalDb extends Dexie {
  answers!: Table<StoredAnswer, [string, string]>;
  queue!: Table<QueueEntry, number>;
  profiles!: Table<CachedProfile, string>;

  constructor(name = "admissions") {
    // Strict durability: a change reported as saved is on disk, not in an OS buffer.
    super(name, { chromeTransactionDurability: "strict" });
    this.version(1).stores({
      answers: "[owner+key], owner",
      queue: "++id, owner, [owner+key], batchId",
      profiles: "owner",
    });
  }
}

let instance: LocalDb | undefined;

export function localDb(): LocalDb {
  instance ??= new LocalDb();
  return instance;
}
