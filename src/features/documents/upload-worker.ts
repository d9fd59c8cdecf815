import { liveQuery, type Subscription } from "dexie";
import { ApiError } from "../../lib/api-client";
import { classifyFailure, type Failure, retriesByItself } from "../../lib/failure";
import { FAILURE_POLICY, nextTryIn, retryDelay } from "../../lib/failure-policy";
import { holdLeadership } from "../../lib/tab-leadership";
import type { DocumentAccepted, PresignedUpload } from "../../shared/api-types";
import type { LocalDb, QueuedUpload } from "../answers/local-db";
import type { StoreOutcome, StoreProgress } from "./api/store-upload";
import {
  dropChange,
  finishChange,
  holdUpload,
  markMissing,
  markStored,
  noteFailure,
  queuedChanges,
  setStoreFailures,
  type UploadEntry,
  waitsUntil,
} from "./upload-queue";

/** The document calls the worker makes (src/features/documents/api), as one bundle tests can replace. */
export type UploadTransport = {
  presign(key: string): Promise<PresignedUpload>;
  store(
    upload: PresignedUpload,
    file: Blob,
    fileName: string,
    options: { onProgress?: StoreProgress; signal?: AbortSignal },
  ): Promise<StoreOutcome>;
  record(key: string, fileKey: string, fileName: string): Promise<DocumentAccepted>;
  /** Deletes the document answer (and, on our server, its conversion). */
  remove(key: string): Promise<unknown>;
  /** Deletes the conversion: spec §4 "deletion removes the document answer and the conversion". */
  removeConversion(key: string): Promise<unknown>;
};

/** What the applicant reads when the store would not take a file while the server answered. */
export const STORE_UNREACHABLE_MESSAGE =
  "We couldn't send your file to our document store. Please try again.";

/** What the worker tells the page (only the tab that sends hears it). */
export type UploadEvents = {
  /** Bytes of question `key`'s file sent to the store so far (`sent` = `total` once all are). */
  progress?(key: string, sent: number, total: number): void;
  /** The question whose change is being sent now, or null. */
  sending?(key: string | null): void;
  /** The server recorded the file as question `key`'s document and queued its conversion. */
  recorded?(key: string, accepted: DocumentAccepted): void;
  /** The server deleted question `key`'s document. */
  deleted?(key: string): void;
  /**
   * The change failed for good, with what the applicant reads (failure-policy.ts): an upload is
   * held on the device (`held`), a deletion waits for the next trigger or, refused, left the queue.
   */
  failed?(key: string, failure: Failure, op: QueuedUpload["op"]): void;
  /** The session ended: changes wait on the device until the same user signs in again. */
  signedOut?(): void;
};

export type UploadWorkerOptions = {
  baseDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
  /** Web Locks name: one tab per owner sends; the others see the queue through the database. */
  lockName?: string;
};

/** Stored files the server could not find this many times are refused with its message. */
const MAX_MISSING = 3;
/**
 * Posts to the store that got no answer while the server itself answered (its presign came back)
 * before the store is taken to be the problem. Only posts that sent no byte count: a connection
 * cut in the middle of a file is the network's doing, and resumes by itself.
 */
const MAX_STORE_FAILURES = 3;

/**
 * Sends one owner's queued file changes (decision 0014), oldest first, one at a time. An upload is
 * presigned just before it is posted (a policy lasts 10 minutes, a file may have waited days),
 * posted to the store, then recorded; each step is kept on the device, so a reload resumes where
 * it stopped. A store that refuses the post is asked again with a fresh policy once; a recorded
 * file the server cannot find is uploaded again. Failures are met as failure-policy.ts says: no
 * connection and a busy server are retried with backoff (the online event retries at once); a
 * server problem or a refusal holds the file on the device and tells the page, and the next file
 * goes on (a deletion that met a server problem waits for the next trigger). A session that ended
 * stops the worker.
 */
export class UploadWorker {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  /** A flush was asked for while a run was ending: it runs again right after. */
  private again = false;
  /** The changes the watch has seen, by token: only a new one is news (not the worker's own writes). */
  private seen = new Set<string>();
  private attempt = 0;
  private stopped = false;
  private leader: boolean;
  private releaseLock: () => void = () => {};
  private watch: Subscription | undefined;
  private current: { key: string; token: string; controller: AbortController } | null = null;
  /** Deletions that met a server problem, by token: skipped until the next trigger. */
  private readonly parked = new Set<string>();
  private readonly options: Required<Omit<UploadWorkerOptions, "lockName">> & UploadWorkerOptions;

  constructor(
    private readonly db: LocalDb,
    private readonly owner: string,
    private readonly transport: UploadTransport,
    private readonly events: UploadEvents = {},
    options: UploadWorkerOptions = {},
  ) {
    this.options = { baseDelayMs: 1_000, maxDelayMs: 60_000, random: Math.random, ...options };
    this.leader = !options.lockName;
  }

  get isLeader(): boolean {
    return this.leader;
  }

  /** The question whose file this tab is sending right now, if any. */
  get sendingKey(): string | null {
    return this.current?.key ?? null;
  }

  private readonly onOnline = () => {
    this.attempt = 0;
    void this.flushNow();
  };

  /** A trigger (the connection back, a new change, the applicant's "Try again"): parked deletions go too. */
  private trigger(): void {
    this.parked.clear();
  }

  start(): void {
    if (typeof window !== "undefined") window.addEventListener("online", this.onOnline);
    // Files chosen in other tabs (and in this one) arrive through the database.
    this.watch = liveQuery(() => queuedChanges(this.db, this.owner)).subscribe({
      next: (entries) => {
        const tokens = new Set(entries.map((entry) => entry.token));
        const fresh = [...tokens].some((token) => !this.seen.has(token));
        this.seen = tokens;
        // A change made here or in another tab is a trigger; a retry's own bookkeeping is not.
        if (fresh) void this.flushNow();
      },
      error: () => {},
    });
    this.releaseLock = holdLeadership(this.options.lockName, () => this.stopped, {
      lead: () => {
        this.leader = true;
        void this.flushNow();
      },
      stepDown: async () => {
        this.leader = false;
        await this.running;
        clearTimeout(this.timer);
        this.timer = undefined;
      },
    });
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.watch?.unsubscribe();
    this.current?.controller.abort();
    this.releaseLock();
    if (typeof window !== "undefined") window.removeEventListener("online", this.onOnline);
  }

  /** Stops sending question `key`'s file if it is under way here (the applicant replaced or deleted it). */
  abort(key: string): void {
    if (this.current?.key === key) this.current.controller.abort();
  }

  /** Sends everything waiting now; resolves when the queue is empty or the worker must wait. */
  flushNow(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.trigger();
    if (!this.leader || this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.deviceFailed(error))
      .finally(() => {
        this.running = undefined;
        if (!this.again) return;
        this.again = false;
        void this.flushNow();
      });
    return this.running;
  }

  /**
   * The device's own store failed while the worker kept its books (full, or closed under it): the
   * queue is unchanged, so the worker tries again later rather than rejecting into nowhere.
   */
  private deviceFailed(error: unknown): void {
    if (this.stopped) return;
    console.warn(
      "The upload queue could not be updated on this device; trying again later.",
      (error as Error)?.name,
    );
    const { base, max, random } = this.backoff();
    this.schedule(retryDelay(this.attempt++, base, max, random));
  }

  private schedule(delayMs: number): void {
    if (this.stopped || !this.leader) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flushNow();
    }, delayMs);
  }

  private async drain(): Promise<void> {
    // A leader that steps down ends the file under way and stops there.
    while (!this.stopped && this.leader) {
      const waiting = (await queuedChanges(this.db, this.owner)).filter((e) => !this.parked.has(e.token));
      // A deletion that can still be undone waits for its time; the others go on meanwhile.
      const now = Date.now();
      const entry = waiting.find((e) => waitsUntil(e) <= now);
      if (!entry) {
        const next = Math.min(...waiting.map(waitsUntil));
        if (Number.isFinite(next)) this.schedule(next - now);
        return;
      }
      const controller = new AbortController();
      this.current = { key: entry.key, token: entry.token, controller };
      this.events.sending?.(entry.key);
      try {
        if (entry.op === "delete") {
          await this.transport.remove(entry.key);
          await this.transport.removeConversion(entry.key);
          await finishChange(this.db, entry, null);
          this.events.deleted?.(entry.key);
        } else {
          await this.upload(entry, controller.signal);
        }
        this.attempt = 0;
      } catch (error) {
        if (isAbort(error) || this.stopped) continue;
        const failure = classifyFailure(error);
        if (failure.class === "signed-out") {
          this.events.signedOut?.();
          return;
        }
        if (retriesByItself(failure)) {
          await noteFailure(this.db, entry, failure.class === "server-busy" ? "server" : "connection");
          this.schedule(nextTryIn(failure, this.attempt++, this.backoff()));
          return;
        }
        await this.failedForGood(entry, failure);
      } finally {
        this.current = null;
        this.events.sending?.(null);
      }
    }
  }

  /** A server problem or a refusal: as the failure policy says, then on to the next change. */
  private async failedForGood(entry: QueuedUpload, failure: Failure): Promise<void> {
    if (entry.op === "upload") {
      if (await holdUpload(this.db, entry, failure.message))
        this.events.failed?.(entry.key, failure, "upload");
      return;
    }
    const policy = FAILURE_POLICY["document-delete"];
    const drop =
      failure.class === "refused" ? policy.onRefused === "drop" : policy.onServerProblem === "drop";
    if (drop) await dropChange(this.db, entry);
    else this.parked.add(entry.token);
    this.events.failed?.(entry.key, failure, "delete");
  }

  private backoff() {
    return { base: this.options.baseDelayMs, max: this.options.maxDelayMs, random: this.options.random };
  }

  /** Posts the file to the store (unless it is there already) and records it. */
  private async upload(entry: UploadEntry, signal: AbortSignal): Promise<void> {
    let current = entry;
    for (;;) {
      let fileKey = current.fileKey;
      if (fileKey === undefined) {
        fileKey = await this.store(current, signal);
        if (!(await markStored(this.db, current, fileKey))) return;
        current = { ...current, fileKey, attempts: 0 };
      }
      let accepted: DocumentAccepted;
      try {
        accepted = await this.transport.record(current.key, fileKey, current.file.name);
      } catch (error) {
        const missing = (current.missing ?? 0) + 1;
        if (!(error instanceof ApiError && error.status === 404) || missing >= MAX_MISSING) throw error;
        if (!(await markMissing(this.db, current))) return;
        current = { ...current, fileKey: undefined, missing };
        continue;
      }
      await finishChange(this.db, current, { file_name: accepted.file_name, file_size: accepted.file_size });
      this.events.recorded?.(current.key, accepted);
      return;
    }
  }

  /**
   * Presigns and posts the file; a refusal is tried once more with a fresh policy. A post that got
   * no answer and sent nothing, while the presign just came back, counts against the store
   * (MAX_STORE_FAILURES). Returns its store key.
   */
  private async store(entry: UploadEntry, signal: AbortSignal): Promise<string> {
    const { file } = entry;
    const blob = new Blob([file.bytes], { type: file.type || "application/octet-stream" });
    for (let tries = 1; ; tries++) {
      let upload: PresignedUpload;
      try {
        upload = await this.transport.presign(entry.key);
      } catch (error) {
        // The server itself could not be reached: the connection, not the store, is the problem.
        if (error instanceof ApiError && error.kind === "network" && entry.storeFailures) {
          await setStoreFailures(this.db, entry, 0);
        }
        throw error;
      }
      signal.throwIfAborted();
      this.events.progress?.(entry.key, 0, file.size);
      let sentBytes = 0;
      let outcome: StoreOutcome;
      try {
        outcome = await this.transport.store(upload, blob, file.name, {
          signal,
          onProgress: (sent, total) => {
            sentBytes = Math.max(sentBytes, sent);
            this.events.progress?.(entry.key, sent, total);
          },
        });
      } catch (error) {
        throw await this.storeFailed(entry, error, sentBytes);
      }
      const key = upload.fields.key;
      if (outcome.kind !== "refused" && key) return key;
      if (tries >= 2 || outcome.kind !== "refused") {
        const message = outcome.kind === "refused" ? outcome.message : "The upload was not given a file key.";
        throw new ApiError("server", message, 400, { message });
      }
    }
  }

  /** What a failed post to the store is: the network's (retried), or, after a few, the store's. */
  private async storeFailed(entry: UploadEntry, error: unknown, sentBytes: number): Promise<unknown> {
    if (!(error instanceof ApiError) || error.kind !== "network" || sentBytes > 0) return error;
    const count = (entry.storeFailures ?? 0) + 1;
    if (count < MAX_STORE_FAILURES) {
      await setStoreFailures(this.db, entry, count);
      return error;
    }
    await setStoreFailures(this.db, entry, 0);
    return new ApiError("server", STORE_UNREACHABLE_MESSAGE, 502, { message: STORE_UNREACHABLE_MESSAGE });
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}
