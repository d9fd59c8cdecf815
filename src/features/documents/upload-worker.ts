import { liveQuery, type Subscription } from "dexie";
import { ApiError } from "../../lib/api-client";
import { holdLeadership } from "../../lib/tab-leadership";
import type { DocumentAccepted, PresignedUpload } from "../../shared/api-types";
import type { LocalDb } from "../answers/local-db";
import { isServerTrouble, retryDelay } from "../answers/sync-worker";
import type { StoreOutcome, StoreProgress } from "./api/store-upload";
import {
  dropChange,
  finishChange,
  markMissing,
  markStored,
  noteFailure,
  queuedChanges,
  type UploadEntry,
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
  remove(key: string): Promise<unknown>;
};

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
  /** The server refused the change for good (the reason is for the applicant); it left the queue. */
  refused?(key: string, message: string): void;
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
 * Sends one owner's queued file changes (decision 0014), oldest first, one at a time. An upload is
 * presigned just before it is posted (a policy lasts 10 minutes, a file may have waited days),
 * posted to the store, then recorded; each step is kept on the device, so a reload resumes where
 * it stopped. A store that refuses the post is asked again with a fresh policy once; a recorded
 * file the server cannot find is uploaded again. Offline, server trouble (5xx, 429, no answer, a
 * reply that is not our API's) and unexpected failures are retried with backoff; the online event
 * retries at once. A session that ended stops the worker; any other refusal drops the change and
 * says why.
 */
export class UploadWorker {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  private attempt = 0;
  private stopped = false;
  private leader: boolean;
  private releaseLock: () => void = () => {};
  private watch: Subscription | undefined;
  private current: { key: string; token: string; controller: AbortController } | null = null;
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

  start(): void {
    if (typeof window !== "undefined") window.addEventListener("online", this.onOnline);
    // Files chosen in other tabs (and in this one) arrive through the database.
    this.watch = liveQuery(() => queuedChanges(this.db, this.owner)).subscribe({
      next: (entries) => {
        if (entries.length > 0 && !this.timer) this.schedule(0);
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
    if (!this.leader || this.stopped) return Promise.resolve();
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
    });
    return this.running;
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
      const [entry] = await queuedChanges(this.db, this.owner);
      if (!entry) return;
      const controller = new AbortController();
      this.current = { key: entry.key, token: entry.token, controller };
      this.events.sending?.(entry.key);
      try {
        if (entry.op === "delete") {
          await this.transport.remove(entry.key);
          await finishChange(this.db, entry, null);
          this.events.deleted?.(entry.key);
        } else {
          await this.upload(entry, controller.signal);
        }
        this.attempt = 0;
      } catch (error) {
        if (isAbort(error)) continue;
        if (error instanceof ApiError && error.kind === "unauthorized") {
          this.events.signedOut?.();
          return;
        }
        if (isServerTrouble(error)) {
          await noteFailure(this.db, entry);
          this.schedule(
            retryDelay(
              this.attempt++,
              this.options.baseDelayMs,
              this.options.maxDelayMs,
              this.options.random,
            ),
          );
          return;
        }
        await dropChange(this.db, entry);
        this.events.refused?.(entry.key, (error as ApiError).message);
      } finally {
        this.current = null;
        this.events.sending?.(null);
      }
    }
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

  /** Presigns and posts the file; a refusal is tried once more with a fresh policy. Returns its store key. */
  private async store(entry: UploadEntry, signal: AbortSignal): Promise<string> {
    const { file } = entry;
    const blob = new Blob([file.bytes], { type: file.type || "application/octet-stream" });
    for (let tries = 1; ; tries++) {
      const upload = await this.transport.presign(entry.key);
      signal.throwIfAborted();
      this.events.progress?.(entry.key, 0, file.size);
      const outcome = await this.transport.store(upload, blob, file.name, {
        signal,
        onProgress: (sent, total) => this.events.progress?.(entry.key, sent, total),
      });
      const key = upload.fields.key;
      if (outcome.kind !== "refused" && key) return key;
      if (tries >= 2 || outcome.kind !== "refused") {
        const message = outcome.kind === "refused" ? outcome.message : "The upload was not given a file key.";
        throw new ApiError("server", message, 400, { message });
      }
    }
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}
