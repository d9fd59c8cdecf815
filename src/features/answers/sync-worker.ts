import { liveQuery, type Subscription } from "dexie";
import { ApiError } from "../../lib/api-client";
import { holdLeadership, type Tabs } from "../../lib/tab-leadership";
import { refusedFieldsOf } from "../../shared/answer-refusals";
import type { AnswerOutcome } from "../../shared/api-types";
import type { LocalDb } from "./local-db";
import { setRefusedAnswers } from "./refused-answers";
import { SendSchedule } from "./send-schedule";
import {
  type Batch,
  completeBatch,
  pendingCount,
  queueSummary,
  refuseAnswers,
  resyncBatch,
  splitBatch,
  takeBatch,
} from "./sync-queue";
import { getSyncStatus, updateSyncStatus } from "./sync-status";

/** Sends one batch; resolves with the server's outcome for answer batches. Throws ApiError. */
export type SendBatch = (batch: Batch) => Promise<AnswerOutcome | undefined>;

export type SyncWorkerOptions = {
  /** Wait after an edit before sending, so a burst of typing becomes one request. */
  debounceMs?: number;
  /** The longest an edit waits while typing goes on (see SendSchedule). */
  maxWaitMs?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
  /** The server kept newer values for these fields: adopt them. */
  onSuperseded?: (batch: Batch, superseded: Record<string, string>) => Promise<void>;
  /**
   * The server refused a non-answer change for what it is (it is dropped): the feature that made
   * it says so and undoes it on the device (e.g. "Error adding another college").
   */
  onActionRefused?: (batch: Batch, error: ApiError) => void;
  /** Web Locks name: one tab per owner sends; the others follow through the shared database. */
  lockName?: string;
  /** The browser's tabs, for leadership (tests give fakes; the page's own by default). */
  tabs?: Tabs;
};

/** Capped exponential backoff with ±20 % jitter, so many clients do not retry in step. */
export function retryDelay(attempt: number, base: number, max: number, random: () => number): number {
  return Math.min(max, base * 2 ** attempt) * (0.8 + 0.4 * random());
}

/** More consecutive sequence refusals than this means something is wrong beyond lost state. */
const MAX_RESYNCS = 3;

/**
 * Sends one owner's queued changes to the server, one batch at a time, in order. Retries network
 * failures, timeouts, 5xx, 429 and replies that are not our API's with backoff; resynchronises on a
 * sequence gap; sets invalid answers aside (refused, marked at their fields) and sends the rest, so
 * no answer can hold back the queue; stops on 401 (waiting for the same user to sign in) and on
 * other refusals (the user must look), never dropping an answer.
 */
export class SyncWorker {
  private readonly schedule: SendSchedule;
  private running: Promise<void> | undefined;
  /** A flush was asked for while a send was under way: what waits now goes right after it. */
  private flushRequested = false;
  private attempt = 0;
  private stopped = false;
  private leader: boolean;
  private releaseLock: () => void = () => {};
  private pendingWatch: Subscription | undefined;
  private readonly options: Required<
    Omit<SyncWorkerOptions, "onSuperseded" | "onActionRefused" | "lockName" | "tabs">
  > &
    SyncWorkerOptions;

  constructor(
    private readonly db: LocalDb,
    private readonly owner: string,
    private readonly send: SendBatch,
    options: SyncWorkerOptions = {},
  ) {
    this.options = {
      debounceMs: 400,
      maxWaitMs: 1_000,
      baseDelayMs: 1_000,
      maxDelayMs: 60_000,
      random: Math.random,
      ...options,
    };
    this.leader = !options.lockName;
    this.schedule = new SendSchedule(
      () => void this.flushNow(),
      this.options.debounceMs,
      this.options.maxWaitMs,
    );
  }

  get isLeader(): boolean {
    return this.leader;
  }

  private readonly onOnline = () => {
    this.attempt = 0;
    void this.flushNow();
  };

  private readonly onVisibility = () => void this.flushNow();

  /** A retry is waiting for the server, and now the connection is gone too: say the simpler thing. */
  private readonly onOffline = () => {
    if (getSyncStatus().phase === "server-trouble") updateSyncStatus({ phase: "offline" });
  };

  start(): void {
    if (typeof window !== "undefined") {
      window.addEventListener("online", this.onOnline);
      window.addEventListener("offline", this.onOffline);
      document.addEventListener("visibilitychange", this.onVisibility);
    }
    // Changes queued by other tabs arrive through the database, not through notifyChange. The
    // waiting count and the refused answers are read together, so the header never says "All
    // changes saved" in between (e.g. while an edit replaces a refused answer).
    this.pendingWatch = liveQuery(() => queueSummary(this.db, this.owner)).subscribe({
      next: ({ pending, refused }) => {
        setRefusedAnswers(refused, { pending });
        if (pending > 0) this.changed();
      },
      error: () => {},
    });
    this.releaseLock = holdLeadership(
      this.options.lockName,
      () => this.stopped,
      {
        lead: () => {
          this.leader = true;
          void this.flushNow();
        },
        stepDown: async () => {
          this.leader = false;
          await this.running;
          this.schedule.cancel();
          // The tab now leading sends, retries and tells its own header; this (hidden) one only
          // counts what waits, as a tab that never led does.
          const { phase } = getSyncStatus();
          if (phase === "sending" || phase === "server-trouble" || phase === "offline") {
            updateSyncStatus({ phase: "idle" });
          }
        },
      },
      this.options.tabs,
    );
  }

  stop(): void {
    this.stopped = true;
    this.schedule.cancel();
    this.pendingWatch?.unsubscribe();
    this.releaseLock();
    if (typeof window === "undefined") return;
    window.removeEventListener("online", this.onOnline);
    window.removeEventListener("offline", this.onOffline);
    document.removeEventListener("visibilitychange", this.onVisibility);
  }

  /** An answer was recorded in this tab: send soon. */
  notifyChange(): void {
    this.changed();
  }

  /** Sends everything waiting now; resolves when the queue is empty or the worker must wait. */
  flushNow(): Promise<void> {
    if (!this.leader) return Promise.resolve();
    if (this.running) this.flushRequested = true;
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private changed(): void {
    if (this.stopped || !this.leader) return;
    this.schedule.changed();
  }

  private async drain(): Promise<void> {
    let resyncs = 0;
    // A leader that steps down ends the batch under way and stops there.
    while (!this.stopped && this.leader) {
      // The batch takes every change waiting now; changes made while it is sent wait for their time.
      this.schedule.taken();
      this.flushRequested = false;
      const batch = await takeBatch(this.db, this.owner);
      if (!batch) {
        updateSyncStatus({ phase: "idle", pending: 0, serverMessage: null });
        return;
      }
      updateSyncStatus({ phase: "sending" });
      let outcome: AnswerOutcome | undefined;
      try {
        outcome = await this.send(batch);
        if (batch.kind === "answer") markAcknowledged(batch);
      } catch (error) {
        const expected = expectedSeq(error);
        if (expected !== null && resyncs < MAX_RESYNCS) {
          resyncs += 1;
          await resyncBatch(this.db, batch, expected);
          continue;
        }
        if (batch.kind === "answer" && isInvalidBatch(error)) {
          await this.setAsideInvalid(batch, error);
          continue;
        }
        if (isRefusedAction(batch, error)) {
          // A refused last page, status, report or choice would be refused again forever, and
          // would hold back the answers queued behind it: it is dropped (nothing typed is in it).
          await completeBatch(this.db, batch.batchId);
          this.options.onActionRefused?.(batch, error as ApiError);
          continue;
        }
        await this.handleFailure(error);
        return;
      }
      this.attempt = 0;
      resyncs = 0;
      if (outcome && Object.keys(outcome.superseded).length > 0) {
        await this.options.onSuperseded?.(batch, outcome.superseded);
      }
      await completeBatch(this.db, batch.batchId);
      const pending = await pendingCount(this.db, this.owner);
      updateSyncStatus({ pending });
      // Edits made during an answer send go when their wait is over (its timer is set), not at
      // once: one request per keystroke while someone types on would load the server for nothing.
      // After another kind, the answers queued behind it were due already: they go now.
      if (batch.kind === "answer" && pending > 0 && this.schedule.waiting && !this.flushRequested) {
        updateSyncStatus({ phase: "idle" });
        return;
      }
    }
  }

  /**
   * The server refused the batch as invalid. With `fields`, those answers are set aside (marked
   * refused) and the rest goes again; without, the batch is halved until the offending answer is
   * alone, and then it is refused with the server's message. Either way the queue moves on.
   */
  private async setAsideInvalid(batch: Batch, error: ApiError): Promise<void> {
    const keys = Object.keys(batch.answers);
    const named = refusedFieldsOf(error.body);
    const reasons = named && Object.fromEntries(Object.entries(named).filter(([key]) => keys.includes(key)));
    if (reasons && Object.keys(reasons).length > 0) await refuseAnswers(this.db, batch, reasons);
    else if (!(await splitBatch(this.db, batch))) {
      await refuseAnswers(this.db, batch, Object.fromEntries(keys.map((key) => [key, error.message])));
    }
  }

  private async handleFailure(error: unknown): Promise<void> {
    updateSyncStatus({ pending: await pendingCount(this.db, this.owner) });
    if (error instanceof ApiError && error.kind === "unauthorized") {
      updateSyncStatus({ phase: "signed-out" });
      return;
    }
    if (!isServerTrouble(error)) {
      updateSyncStatus({ phase: "attention", serverMessage: (error as ApiError).message });
      return;
    }
    updateSyncStatus({ phase: browserOffline() ? "offline" : "server-trouble" });
    if (this.stopped) return;
    this.schedule.retryIn(
      retryDelay(this.attempt++, this.options.baseDelayMs, this.options.maxDelayMs, this.options.random),
    );
  }
}

/**
 * The server has stored these edits: a performance mark (the autosave bench reads it: from an
 * edit's `answer-commit` to the first mark whose `editedAt` covers it).
 */
function markAcknowledged(batch: Batch): void {
  performance.mark?.("answer-acknowledged", { detail: { editedAt: batch.editedAt } });
}

/** The sequence number the server asked for, when it refused a batch for a gap (409). */
function expectedSeq(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const expected = error.body?.expected_seq;
  return typeof expected === "number" && Number.isInteger(expected) && expected > 0 ? expected : null;
}

function browserOffline(): boolean {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

/**
 * Worth sending again unchanged: no answer (offline, cut, timed out), a server failure or 429, or
 * a reply that is not our API's JSON (a proxy's or portal's page), whatever its status.
 */
export function isServerTrouble(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.isRetryable || (error.kind === "server" && error.body === undefined);
}

/**
 * The server refused the batch's content (400 or 422 from our API, or 413 from anything on the
 * way): sending it unchanged would be refused forever.
 */
function isInvalidBatch(error: unknown): error is ApiError {
  if (!(error instanceof ApiError) || error.kind !== "server") return false;
  if (error.status === 413) return true;
  return (error.status === 400 || error.status === 422) && error.body !== undefined;
}

/** A non-answer change the server refused for what it is (not for the session or the network). */
function isRefusedAction(batch: Batch, error: unknown): boolean {
  return (
    batch.kind !== "answer" &&
    error instanceof ApiError &&
    error.kind !== "unauthorized" &&
    !isServerTrouble(error)
  );
}
