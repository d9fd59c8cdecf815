import { ApiError } from "../../lib/api-client";
import type { LocalDb } from "./local-db";
import { type Batch, completeBatch, pendingCount, takeBatch } from "./sync-queue";
import { updateSyncStatus } from "./sync-status";

export type SendBatch = (batch: Batch) => Promise<void>;

export type SyncWorkerOptions = {
  /** Wait after an edit before sending, so a burst of typing becomes one request. */
  debounceMs?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
};

/** Capped exponential backoff with ±20 % jitter, so many clients do not retry in step. */
export function retryDelay(attempt: number, base: number, max: number, random: () => number): number {
  return Math.min(max, base * 2 ** attempt) * (0.8 + 0.4 * random());
}

/**
 * Sends one owner's queued changes to the server, one batch at a time, in order. Retries network
 * failures, 5xx and 429 with backoff; stops on 401 (waiting for the same user to sign in) and on
 * other refusals (the user must look), never dropping an entry.
 */
export class SyncWorker {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  private attempt = 0;
  private stopped = false;
  private readonly debounceMs: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly random: () => number;

  constructor(
    private readonly db: LocalDb,
    private readonly owner: string,
    private readonly send: SendBatch,
    options: SyncWorkerOptions = {},
  ) {
    this.debounceMs = options.debounceMs ?? 600;
    this.baseDelayMs = options.baseDelayMs ?? 1_000;
    this.maxDelayMs = options.maxDelayMs ?? 60_000;
    this.random = options.random ?? Math.random;
  }

  private readonly onOnline = () => {
    this.attempt = 0;
    void this.flushNow();
  };

  private readonly onVisibility = () => void this.flushNow();

  start(): void {
    window.addEventListener("online", this.onOnline);
    document.addEventListener("visibilitychange", this.onVisibility);
    void this.flushNow();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    if (typeof window === "undefined") return;
    window.removeEventListener("online", this.onOnline);
    document.removeEventListener("visibilitychange", this.onVisibility);
  }

  /** An answer was recorded: send soon. */
  notifyChange(): void {
    void this.refreshPending();
    this.schedule(this.debounceMs);
  }

  /** Sends everything waiting now; resolves when the queue is empty or the worker must wait. */
  flushNow(): Promise<void> {
    clearTimeout(this.timer);
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flushNow(), delayMs);
  }

  private async refreshPending(): Promise<number> {
    const pending = await pendingCount(this.db, this.owner);
    updateSyncStatus({ pending });
    return pending;
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const batch = await takeBatch(this.db, this.owner);
      if (!batch) {
        updateSyncStatus({ phase: "idle", pending: 0, serverMessage: null });
        return;
      }
      updateSyncStatus({ phase: "sending" });
      try {
        await this.send(batch);
      } catch (error) {
        await this.handleFailure(error);
        return;
      }
      this.attempt = 0;
      await completeBatch(this.db, batch.batchId);
      await this.refreshPending();
    }
  }

  private async handleFailure(error: unknown): Promise<void> {
    await this.refreshPending();
    if (error instanceof ApiError && error.kind === "unauthorized") {
      updateSyncStatus({ phase: "signed-out" });
      return;
    }
    if (error instanceof ApiError && !error.isRetryable) {
      updateSyncStatus({ phase: "attention", serverMessage: error.message });
      return;
    }
    updateSyncStatus({ phase: "waiting" });
    this.schedule(retryDelay(this.attempt++, this.baseDelayMs, this.maxDelayMs, this.random));
  }
}
