import Dexie, { type Table } from "dexie";
import type { Profile } from "../../shared/api-types";
import { DEVICE_DATABASE } from "./first-read";

export { DEVICE_OWNER } from "./owners";

export type StoredAnswer = {
  owner: string;
  key: string;
  value: string;
  /**
   * Edit time on the server's clock (ms). 0 for a value as the server sent it: any local edit is
   * newer. Decides which of two writes to the same field wins, here and on the server.
   */
  editedAt: number;
};

/** What a queue entry asks the server to do. Answers are batched; the others go one by one. */
export type QueueKind =
  | "answer"
  | "last-page"
  | "web-status"
  | "validations"
  | "add-another"
  | "tabs"
  | "language";

/** The kinds sent one by one, each with its JSON payload. */
export type ActionKind = Exclude<QueueKind, "answer">;

export const ANSWER_LANE = "answer";

/** The lane of a queued change: every answer is in one, each other change key is its own. */
export function laneOf(entry: Pick<QueueEntry, "kind" | "key">): string {
  return entry.kind === "answer" ? ANSWER_LANE : entry.key;
}

/** The kind of the changes in a lane (a key is its kind, or its kind and a name: "tabs:ps_tab"). */
export function kindOfLane(lane: string): QueueKind {
  return (lane === ANSWER_LANE ? "answer" : lane.split(":")[0]) as QueueKind;
}

/**
 * A change waiting for the server. Unbatched entries are coalesced per key as the user types;
 * once a send starts they get a batchId, and the batch is resent unchanged (same idempotency key,
 * same sequence number) until the server confirms it.
 */
export type QueueEntry = {
  id?: number;
  owner: string;
  kind: QueueKind;
  /**
   * The answer key; for the other kinds, what a newer entry replaces: the kind itself (last page,
   * validations) or the kind and a name ("web-status:validating", "add-another:college").
   */
  key: string;
  /** The answer, or the JSON payload of the other kinds. */
  value: string;
  editedAt: number;
  batchId: string | null;
  /**
   * Set when the server refused this answer as invalid (400 `fields`): the reason, shown at the
   * field as "Not saved: …". The entry is kept but not sent until the field is edited again.
   */
  refused?: string;
  /**
   * Set when a refused batch was halved and this entry was in the half set aside (the number of
   * that split). The latest split's half goes next, before other waiting answers, so that halving
   * finds the refused answer in about 2·log2(n) requests.
   */
  heldBack?: number;
};

/**
 * A send under way: at most one per owner and lane (`laneOf`: the answers are one lane, each other
 * change key its own), so a change that fails never holds back another lane's.
 * Answer batches carry the client's sequence number.
 */
export type BatchRecord = {
  batchId: string;
  owner: string;
  lane: string;
  kind: QueueKind;
  seq: number | null;
};

/** Small per-device counters, e.g. the last sequence number used for each owner. */
export type MetaRecord = { key: string; value: number };

/** The last profile the server returned, so the app starts offline with what it knew. */
export type CachedProfile = {
  owner: string;
  profile: Pick<Profile, "username" | "last_page" | "successful_login" | "web_status">;
  fetchedAt: number;
};

/** A file the applicant chose, as the device keeps it until it is uploaded (at most 1 MB, spec §9). */
export type KeptFile = { name: string; type: string; size: number; bytes: ArrayBuffer };

/**
 * A change to a file question that has not reached the server yet (decision 0014): a file to upload
 * (and record, which starts its conversion), or a document to delete. One per owner and question:
 * a newer change replaces it. Kept like the answer queue, so it survives reloads and closed tabs.
 */
export type QueuedUpload = {
  owner: string;
  key: string;
  /** New for every change of the entry: a step finished for an earlier version changes nothing. */
  token: string;
  queuedAt: number;
  /** Failed tries of the current step, for the backoff. */
  attempts: number;
  /** What the last failed try waits for: the connection, or a busy server (its Retry-After). */
  waitingFor?: "connection" | "server";
} & (
  | {
      op: "upload";
      file: KeptFile;
      /** The store's key once the file is there; the next step records it under the question. */
      fileKey?: string;
      /** Times the server could not find the stored file (it is uploaded again, a few times). */
      missing?: number;
      /**
       * Posts to the store in a row that got no answer at all while the server itself answered
       * (the store, not the connection, is the problem after a few: upload-worker.ts).
       */
      storeFailures?: number;
      /**
       * Why it failed for good (a server problem or a refusal, issue 30): kept on the device and
       * not sent until the applicant tries again, or dismisses the error (which drops it).
       */
      held?: string;
      /**
       * The server has recorded it: not sent again, kept only until its conversion completes, so
       * that a failed conversion can be tried again with the same file.
       */
      recorded?: boolean;
    }
  | {
      op: "delete";
      /**
       * Not sent before this time (ms since the epoch): a deletion the applicant can still undo
       * (a tab switch, issue 37). Absent: sent as soon as possible.
       */
      notBefore?: number;
    }
);

/** A document the server holds for a file question (spec §3 document answer), as last known. */
export type StoredDocument = { owner: string; key: string; file_name: string; file_size: number };

export class LocalDb extends Dexie {
  answers!: Table<StoredAnswer, [string, string]>;
  queue!: Table<QueueEntry, number>;
  batches!: Table<BatchRecord, string>;
  meta!: Table<MetaRecord, string>;
  profiles!: Table<CachedProfile, string>;
  uploads!: Table<QueuedUpload, [string, string]>;
  documents!: Table<StoredDocument, [string, string]>;

  constructor(name = DEVICE_DATABASE) {
    // Strict durability: a change reported as saved is on disk, not in an OS buffer.
    super(name, { chromeTransactionDurability: "strict" });
    this.version(1).stores({
      answers: "[owner+key], owner",
      queue: "++id, owner, [owner+key], batchId",
      profiles: "owner",
    });
    this.version(2)
      .stores({ batches: "batchId, owner", meta: "key" })
      .upgrade(async (tx) => {
        // Version 1 queued answers only, and had no batch records: send everything afresh.
        await tx
          .table("queue")
          .toCollection()
          .modify((entry: QueueEntry) => {
            entry.kind = "answer";
            entry.batchId = null;
          });
      });
    // Refused answers, found without reading the queue (an entry is in this index only while it
    // is refused), so the header's watch costs the keystroke path nothing.
    this.version(3).stores({ queue: "++id, owner, [owner+key], batchId, [owner+refused]" });
    // Documents (decision 0014): files waiting to be uploaded, and the server's document answers.
    this.version(4).stores({ uploads: "[owner+key], owner", documents: "[owner+key], owner" });
    // Lanes (issue 30): a batch under way per owner and lane, not per owner.
    this.version(5)
      .stores({ batches: "batchId, owner, [owner+lane]" })
      .upgrade(async (tx) => {
        const queue = tx.table<QueueEntry, number>("queue");
        const batches = tx.table<BatchRecord, string>("batches");
        for (const batch of await batches.toArray()) {
          const member = await queue.where("batchId").equals(batch.batchId).first();
          await batches.put({ ...batch, lane: member ? laneOf(member) : batch.kind });
        }
      });
  }
}

let instance: LocalDb | undefined;

export function localDb(): LocalDb {
  instance ??= new LocalDb();
  return instance;
}
