import { liveQuery, type Subscription } from "dexie";
import { classifyFailure, type Failure, retriesByItself } from "../../lib/failure";
import { FAILURE_POLICY, nextTryIn, retryDelay } from "../../lib/failure-policy";
import { holdLeadership, type Tabs } from "../../lib/tab-leadership";
import { refusedFieldsOf } from "../../shared/answer-refusals";
import type { AnswerOutcome } from "../../shared/api-types";
import { ANSWER_LANE, kindOfLane, type LocalDb, type QueueKind } from "./local-db";
import { setRefusedAnswers } from "./refused-answers";
import { SendSchedule } from "./send-schedule";
import {
  type Batch,
  completeBatch,
  laneContents,
  lanesWithWork,
  pendingCount,
  queueSummary,
  refuseAnswers,
  resyncBatch,
  splitBatch,
  takeBatch,
} from "./sync-queue";
import { type SyncPhase, updateSyncStatus } from "./sync-status";

export { retryDelay } from "../../lib/failure-policy";

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
   * A non-answer change left the queue without reaching the server (the failure policy drops it:
   * refused, or a server problem for tabs and add-another): the feature that made it says so and
   * shows the server's value again (e.g. "Error adding another college").
   */
  onActionDropped?: (batch: Batch, failure: Failure) => void;
  /** Web Locks name: one tab per owner sends; the others follow through the shared database. */
  lockName?: string;
  /** The browser's tabs, for leadership (tests give fakes; the page's own by default). */
  tabs?: Tabs;
};

/** More consecutive sequence refusals than this means something is wrong beyond lost state. */
const MAX_RESYNCS = 3;

/**
 * Where one lane stands (lanes: local-db.ts `laneOf`). `retrying`: a failure it retries by itself
 * (no connection, a busy server, a server problem with tries left) is timed; `parked`: the server
 * had a problem (tries spent) or refused the answers for a reason no edit fixes, and the lane
 * waits for a trigger: an edit in it, a click (flushNow), the connection coming back, a reload.
 */
type LaneState =
  | { state: "idle" }
  | { state: "sending" }
  | { state: "retrying"; failure: Failure }
  | { state: "parked"; failure: Failure; contents: string }
  | { state: "signed-out" };

type Lane = {
  name: string;
  status: LaneState;
  /** Consecutive failures that retry by themselves, for the backoff. */
  attempt: number;
  /** Consecutive server problems, against the failure policy's tries. */
  serverProblems: number;
  resyncs: number;
  timer?: ReturnType<typeof setTimeout>;
  running?: Promise<void>;
  /** A trigger or flush arrived during a send: go on with what waits now, right after it. */
  again: boolean;
  /** A failure to retry by itself in this many ms: the timer is set once the run has ended. */
  retryInMs?: number;
};

/**
 * Sends one owner's queued changes to the server, lane by lane: the answers in one lane, in
 * order, each other change (last page, each web status, the validations, each tab, each
 * add-another button) in its own, so a change that fails never holds back another (issue 30).
 * How each failure is met is the failure policy's (src/lib/failure-policy.ts): no connection and a
 * busy server are retried with backoff; a server problem is tried as often as the policy allows,
 * then the lane waits for the next trigger and the header says what happened; refused answers are
 * set aside at their fields and the rest goes; a refused change of another kind is dropped and
 * its feature told. A sequence gap is resynchronised; a 401 stops every lane until sign-in. Never
 * drops an answer.
 */
export class SyncWorker {
  private readonly schedule: SendSchedule;
  private readonly lanes = new Map<string, Lane>();
  private stopped = false;
  private leader: boolean;
  private releaseLock: () => void = () => {};
  private pendingWatch: Subscription | undefined;
  private readonly options: Required<
    Omit<SyncWorkerOptions, "onSuperseded" | "onActionDropped" | "lockName" | "tabs">
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
    // The answer lane's timer: the typing debounce, and its backoff (an edit then sends sooner).
    this.schedule = new SendSchedule(
      () => void this.flushLanes(false),
      this.options.debounceMs,
      this.options.maxWaitMs,
    );
  }

  get isLeader(): boolean {
    return this.leader;
  }

  /** The connection is back: a trigger for every lane, with the backoff started afresh. */
  private readonly onOnline = () => {
    for (const lane of this.lanes.values()) lane.attempt = 0;
    void this.flushLanes(true);
  };

  private readonly onVisibility = () => void this.flushLanes(false);

  /** Retries waiting for the server, and now the connection is gone too: say the simpler thing. */
  private readonly onOffline = () => this.publish();

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
        void this.reviewParked();
      },
      error: () => {},
    });
    this.releaseLock = holdLeadership(
      this.options.lockName,
      () => this.stopped,
      {
        // Taking the lead is a reload for this tab's purposes: everything waiting is tried.
        lead: () => {
          this.leader = true;
          void this.flushLanes(true);
        },
        stepDown: async () => {
          this.leader = false;
          await Promise.all([...this.lanes.values()].map((lane) => lane.running));
          this.schedule.cancel();
          // The tab now leading sends, retries and tells its own header; this (hidden) one only
          // counts what waits, as a tab that never led does.
          this.forgetLanes();
          updateSyncStatus({ phase: "idle", serverMessage: null });
        },
      },
      this.options.tabs,
    );
  }

  stop(): void {
    this.stopped = true;
    this.schedule.cancel();
    this.forgetLanes();
    this.pendingWatch?.unsubscribe();
    this.releaseLock();
    if (typeof window === "undefined") return;
    window.removeEventListener("online", this.onOnline);
    window.removeEventListener("offline", this.onOffline);
    document.removeEventListener("visibilitychange", this.onVisibility);
  }

  /** An answer was recorded in this tab: a trigger for the answer lane, sent after the debounce. */
  notifyChange(): void {
    this.unpark(ANSWER_LANE);
    this.changed();
  }

  /** A change of another kind was queued in this tab (its lane): sent now. */
  notifyAction(lane: string): void {
    this.unpark(lane);
    void this.flushLanes(false);
  }

  /**
   * Sends everything waiting now, parked lanes included (the applicant asked: Save and continue,
   * Submit, "Try again", sign-out); resolves once every lane has sent, or must wait. With `kinds`,
   * every lane still goes, but only theirs are waited for (Submit waits for the answers, counts
   * and tabs, not for a slow last page).
   */
  flushNow(kinds?: readonly QueueKind[]): Promise<void> {
    return this.flushLanes(true, kinds);
  }

  private changed(): void {
    if (this.stopped || !this.leader) return;
    this.schedule.changed();
  }

  private lane(name: string): Lane {
    let lane = this.lanes.get(name);
    if (!lane) {
      lane = { name, status: { state: "idle" }, attempt: 0, serverProblems: 0, resyncs: 0, again: false };
      this.lanes.set(name, lane);
    }
    return lane;
  }

  private unpark(name: string): void {
    const lane = this.lanes.get(name);
    if (lane?.status.state !== "parked") return;
    lane.status = { state: "idle" };
    lane.serverProblems = 0;
  }

  private forgetLanes(): void {
    for (const lane of this.lanes.values()) clearTimeout(lane.timer);
    this.lanes.clear();
  }

  /**
   * Runs every lane with work. `trigger`: the applicant acted (or the connection came back), so
   * parked lanes go too and timed retries go now. Otherwise (the debounce, a tab shown) a lane
   * waiting on its retry or parked stays so.
   */
  private async flushLanes(trigger: boolean, kinds?: readonly QueueKind[]): Promise<void> {
    if (!this.leader || this.stopped) return;
    if (trigger) this.schedule.cancel();
    let names: string[];
    try {
      names = await lanesWithWork(this.db, this.owner);
    } catch (error) {
      // The answer lane's timer flushes every lane, so it brings the others back too.
      const answers = this.lane(ANSWER_LANE);
      this.deviceFailed(answers, error);
      if (answers.retryInMs !== undefined) this.retryIn(answers, answers.retryInMs);
      answers.retryInMs = undefined;
      return;
    }
    const runs: Promise<void>[] = [];
    const awaited = (name: string) => !kinds || kinds.includes(kindOfLane(name));
    for (const name of names) {
      const lane = this.lane(name);
      if (trigger) {
        this.unpark(name);
        clearTimeout(lane.timer);
        lane.timer = undefined;
        if (lane.status.state === "retrying") lane.status = { state: "idle" };
      }
      if (lane.status.state === "parked" || lane.status.state === "signed-out") continue;
      // A timed retry of another lane is its own; the answer lane's is the schedule, now firing.
      if (lane.timer !== undefined) continue;
      const run = this.runLane(lane);
      if (awaited(name)) runs.push(run);
    }
    // Lanes already sending finish their turn before the flush resolves.
    for (const lane of this.lanes.values()) if (lane.running && awaited(lane.name)) runs.push(lane.running);
    if (runs.length === 0) this.publish();
    await Promise.all(runs);
  }

  private runLane(lane: Lane): Promise<void> {
    if (lane.running) {
      lane.again = true;
      return lane.running;
    }
    lane.running = this.drainLane(lane)
      .catch((error: unknown) => this.deviceFailed(lane, error))
      .finally(() => {
        lane.running = undefined;
        // Set only now: a timer firing while the run was still ending would find it running, and
        // the retry would be lost.
        if (lane.retryInMs !== undefined) this.retryIn(lane, lane.retryInMs);
        lane.retryInMs = undefined;
        this.publish();
      });
    return lane.running;
  }

  private async drainLane(lane: Lane): Promise<void> {
    const answers = lane.name === ANSWER_LANE;
    // A leader that steps down ends the batch under way and stops there.
    while (!this.stopped && this.leader) {
      lane.again = false;
      // The answer batch takes every answer waiting now; edits made while it is sent wait for their time.
      if (answers) this.schedule.taken();
      const batch = await takeBatch(this.db, this.owner, lane.name);
      if (!batch) {
        lane.status = { state: "idle" };
        lane.serverProblems = 0;
        return;
      }
      lane.status = { state: "sending" };
      this.publish();
      let outcome: AnswerOutcome | undefined;
      try {
        outcome = await this.send(batch);
        if (batch.kind === "answer") markAcknowledged(batch);
      } catch (error) {
        if (await this.failed(lane, batch, error)) continue;
        updateSyncStatus({ pending: await pendingCount(this.db, this.owner) });
        return;
      }
      lane.status = { state: "idle" };
      lane.attempt = 0;
      lane.serverProblems = 0;
      lane.resyncs = 0;
      if (outcome && Object.keys(outcome.superseded).length > 0) {
        await this.options.onSuperseded?.(batch, outcome.superseded);
      }
      await completeBatch(this.db, batch.batchId);
      updateSyncStatus({ pending: await pendingCount(this.db, this.owner) });
      // Edits made during an answer send go when their wait is over (its timer is set), not at
      // once: one request per keystroke while someone types on would load the server for nothing.
      if (answers && this.schedule.waiting && !lane.again) return;
    }
  }

  /**
   * Meets a failed send as the failure policy says. Returns true when the lane goes on at once
   * (the batch was resynchronised, split, or dropped), false when it must wait.
   */
  private async failed(lane: Lane, batch: Batch, error: unknown): Promise<boolean> {
    const failure = classifyFailure(error);
    const expected = expectedSeq(failure);
    if (expected !== null && lane.resyncs < MAX_RESYNCS) {
      lane.resyncs += 1;
      await resyncBatch(this.db, batch, expected);
      return true;
    }
    if (batch.kind === "answer" && isInvalidBatch(failure)) {
      await this.setAsideInvalid(batch, failure);
      return true;
    }
    const policy = FAILURE_POLICY[batch.kind];
    if (failure.class === "signed-out") {
      // Every lane waits for the same user to sign in again.
      lane.status = { state: "signed-out" };
      return false;
    }
    if (failure.class === "server-problem") lane.serverProblems += 1;
    const retry =
      retriesByItself(failure) ||
      (failure.class === "server-problem" && lane.serverProblems < policy.serverProblemTries);
    if (retry) {
      lane.status = { state: "retrying", failure };
      lane.retryInMs = nextTryIn(failure, lane.attempt++, this.backoff());
      return false;
    }
    const drop =
      failure.class === "refused" ? policy.onRefused === "drop" : policy.onServerProblem === "drop";
    if (drop && batch.kind !== "answer") {
      // It would fail the same way again, and nothing typed is in it: its feature says so.
      await completeBatch(this.db, batch.batchId);
      lane.serverProblems = 0;
      this.options.onActionDropped?.(batch, failure);
      return true;
    }
    // Kept for the next trigger (the very same request, so a repeat is harmless).
    lane.status = { state: "parked", failure, contents: await laneContents(this.db, this.owner, lane.name) };
    return false;
  }

  /**
   * The device's own store failed under the lane (full, or closed): its batches are as they were,
   * so the lane tries again after the backoff instead of rejecting into nowhere.
   */
  private deviceFailed(lane: Lane, error: unknown): void {
    if (this.stopped) return;
    console.warn(
      "The save queue could not be read or updated on this device; trying again later.",
      (error as Error)?.name,
    );
    const { base, max, random } = this.backoff();
    lane.retryInMs = retryDelay(lane.attempt++, base, max, random);
  }

  private backoff() {
    return { base: this.options.baseDelayMs, max: this.options.maxDelayMs, random: this.options.random };
  }

  private retryIn(lane: Lane, delayMs: number): void {
    if (this.stopped) return;
    if (lane.name === ANSWER_LANE) {
      this.schedule.retryIn(delayMs);
      return;
    }
    clearTimeout(lane.timer);
    lane.timer = setTimeout(() => {
      lane.timer = undefined;
      if (this.leader && !this.stopped) void this.runLane(lane);
    }, delayMs);
  }

  /**
   * A parked lane whose changes were edited (in another tab: this tab's edits unpark it at once)
   * is a trigger; one with nothing left (undone, sent by another tab) is no longer a problem.
   */
  private async reviewParked(): Promise<void> {
    const parked = [...this.lanes.values()].filter((lane) => lane.status.state === "parked");
    if (parked.length === 0) return;
    for (const lane of parked) {
      const contents = await laneContents(this.db, this.owner, lane.name);
      if (lane.status.state !== "parked" || contents === lane.status.contents) continue;
      lane.status = { state: "idle" };
      lane.serverProblems = 0;
      if (contents !== "") this.changed();
    }
    this.publish();
  }

  /**
   * The server refused the batch as invalid. With `fields`, those answers are set aside (marked
   * refused) and the rest goes again; without, the batch is halved until the offending answer is
   * alone, and then it is refused with the server's message. Either way the queue moves on.
   */
  private async setAsideInvalid(batch: Batch, failure: Failure): Promise<void> {
    const keys = Object.keys(batch.answers);
    const named = refusedFieldsOf(failure.body);
    const reasons = named && Object.fromEntries(Object.entries(named).filter(([key]) => keys.includes(key)));
    if (reasons && Object.keys(reasons).length > 0) await refuseAnswers(this.db, batch, reasons);
    else if (!(await splitBatch(this.db, batch))) {
      await refuseAnswers(this.db, batch, Object.fromEntries(keys.map((key) => [key, failure.message])));
    }
  }

  /** The header's phase from every lane: the most pressing first (docs/architecture.md). */
  private publish(): void {
    if (this.stopped || !this.leader) return;
    const states = [...this.lanes.values()].map((lane) => lane.status);
    const find = (test: (state: LaneState) => boolean) => states.find(test);
    const failureOf = (state: LaneState | undefined) =>
      state && "failure" in state ? state.failure : undefined;
    if (find((s) => s.state === "signed-out")) {
      updateSyncStatus({ phase: "signed-out" });
      return;
    }
    const parked = find((s) => s.state === "parked");
    if (parked) {
      const failure = failureOf(parked) as Failure;
      const phase: SyncPhase = failure.class === "refused" ? "attention" : "server-error";
      updateSyncStatus({ phase, serverMessage: failure.message });
      return;
    }
    const retrying = states.map(failureOf).filter((failure): failure is Failure => failure !== undefined);
    if (retrying.some((failure) => failure.class === "no-connection")) {
      updateSyncStatus({ phase: browserOffline() ? "offline" : "unreachable", serverMessage: null });
    } else if (retrying.some((failure) => failure.class === "server-busy")) {
      updateSyncStatus({ phase: "busy", serverMessage: null });
    } else if (find((s) => s.state === "sending") || retrying.length > 0) {
      // A server problem with tries left (a web status) is still being sent.
      updateSyncStatus({ phase: "sending", serverMessage: null });
    } else {
      updateSyncStatus({ phase: "idle", serverMessage: null });
    }
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
function expectedSeq(failure: Failure): number | null {
  if (failure.status !== 409) return null;
  const expected = failure.body?.expected_seq;
  return typeof expected === "number" && Number.isInteger(expected) && expected > 0 ? expected : null;
}

function browserOffline(): boolean {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

/**
 * The server refused the batch's content (400 or 422 from our API, or 413 from anything on the
 * way): sending it unchanged would be refused for ever.
 */
function isInvalidBatch(failure: Failure): boolean {
  if (failure.status === 413) return true;
  return failure.class === "refused" && (failure.status === 400 || failure.status === 422);
}
