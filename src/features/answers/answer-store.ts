import { KeyedListeners } from "../../lib/keyed-listeners";
import type { LocalDb, StoredAnswer } from "./local-db";
import type { AnswerWriter } from "./off-thread-writer";
import { DEVICE_OWNER } from "./owners";
import { flushPendingWrites, trackWrite } from "./pending-writes";
import type { ServerClock } from "./server-clock";
import { requestPersistentStorage } from "./storage-persistence";
import { updateSyncStatus } from "./sync-status";

type Entry = { value: string; editedAt: number };

/** Where a change is kept until the database has it, when that can take long (answer-session.ts). */
export type Holding = {
  keep(answer: StoredAnswer): void;
  stored(answer: StoredAnswer): void;
  /** What is kept of `owner`'s changes, this page's or an earlier one's. */
  held(owner: string): StoredAnswer[];
};

/**
 * The answers of the current owner, in memory, so inputs read and update them synchronously on
 * every keystroke. Each change is written to IndexedDB at once (and queued for the server when
 * someone is signed in); the memory copy is only a view of what the device has stored.
 */
export class AnswerStore {
  private values = new Map<string, Entry>();
  private readonly listeners = new KeyedListeners();
  private readonly anyListeners = new Set<() => void>();
  private currentOwner = DEVICE_OWNER;
  private askedPersistence = false;
  /** Called after a change is safely stored, e.g. to wake the sync worker. */
  private onRecorded: () => void = () => {};

  /** Each key's latest change made here, by the number of the change (see `editMark`). */
  private readonly editedAs = new Map<string, number>();
  private edits = 0;

  constructor(
    /** The device's database: the app's loads with the sync engine, after the first screen. */
    private readonly db: () => LocalDb | Promise<LocalDb>,
    private readonly clock: ServerClock,
    /** How a change reaches the database (the app's: through a worker, see off-thread-writer.ts). */
    private readonly writer: AnswerWriter,
    private readonly holding?: Holding,
  ) {}

  /** Readies the way changes are written (the first focus in a form), so the first is quick too. */
  prepareWrites(): void {
    void Promise.resolve(this.db()).then(
      (db) => this.writer.prepare?.(db),
      () => {},
    );
  }

  /**
   * A mark of the changes made here so far: `replaceAll(…, since)` keeps what was changed after it
   * (typed while the answers it replaces them with were being read).
   */
  editMark(): number {
    return this.edits;
  }

  get owner(): string {
    return this.currentOwner;
  }

  /**
   * Switches to another owner's answers (sign-in, sign-out, start-up), or to what the device holds
   * of the same owner's. With `editedSince` (an `editMark()`) and the same owner, a field changed
   * here after the mark keeps its value: its write is on its way, after what was read.
   */
  replaceAll(
    owner: string,
    answers: readonly StoredAnswer[],
    onRecorded: () => void = () => {},
    editedSince?: number,
  ): void {
    const kept =
      editedSince !== undefined && owner === this.currentOwner
        ? [...this.values].filter(([key]) => (this.editedAs.get(key) ?? -1) >= editedSince)
        : [];
    this.currentOwner = owner;
    this.onRecorded = onRecorded;
    this.values = new Map(answers.map((a) => [a.key, { value: a.value, editedAt: a.editedAt }]));
    for (const [key, entry] of kept) this.values.set(key, entry);
    this.listeners.notifyAll();
    this.notifyAny();
  }

  /** Adopts values stored by someone else (another tab, the server) when they are at least as new. */
  applyStored(answers: readonly StoredAnswer[]): void {
    let changed = false;
    for (const answer of answers) {
      if (answer.owner !== this.currentOwner) continue;
      const mine = this.values.get(answer.key);
      if (mine && (mine.value === answer.value || mine.editedAt > answer.editedAt)) continue;
      this.values.set(answer.key, { value: answer.value, editedAt: answer.editedAt });
      this.listeners.notify(answer.key);
      changed = true;
    }
    if (changed) this.notifyAny();
  }

  get(key: string): string {
    return this.values.get(key)?.value ?? "";
  }

  /** Whether any answer is non-empty (cheap enough to ask on every keystroke). */
  hasAnyValue(): boolean {
    for (const entry of this.values.values()) if (entry.value !== "") return true;
    return false;
  }

  all(): Record<string, string> {
    return Object.fromEntries([...this.values].map(([key, entry]) => [key, entry.value]));
  }

  subscribe(key: string, listener: () => void): () => void {
    return this.listeners.subscribe(key, listener);
  }

  /** Called after any answer changes (keep the listener cheap, or debounce it: it runs per keystroke). */
  subscribeAll(listener: () => void): () => void {
    this.anyListeners.add(listener);
    return () => this.anyListeners.delete(listener);
  }

  private notifyAny(): void {
    for (const listener of this.anyListeners) listener();
  }

  /** Records a change; resolves once it is on disk (callers on the keystroke path need not wait). */
  set(key: string, value: string): Promise<void> {
    if (this.get(key) === value) return Promise.resolve();
    // After every edit this tab knows of for the field: an edit made after seeing another tab's
    // (or device's) value is later than it, even if this tab's clock estimate lags behind.
    const editedAt = Math.max(this.clock.now(), (this.values.get(key)?.editedAt ?? 0) + 1);
    this.values.set(key, { value, editedAt });
    this.editedAs.set(key, this.edits++);
    this.listeners.notify(key);
    this.notifyAny();
    const owner = this.currentOwner;
    return trackWrite(this.persist({ owner, key, value, editedAt }));
  }

  /**
   * The current owner's changes made on this device that never reached its database (kept by the
   * `holding`): each is stored now with its own edit time, unless this store has a newer edit of its
   * field. (With the database at hand, `SyncClient.open` stores them before it reads.)
   */
  storeHeld(): void {
    let changed = false;
    for (const answer of this.heldChanges(this.currentOwner)) {
      const mine = this.values.get(answer.key);
      if (mine && mine.editedAt >= answer.editedAt) {
        // Stored already, or overtaken by a newer edit: nothing left to keep.
        this.releaseHeld(answer);
        continue;
      }
      this.values.set(answer.key, { value: answer.value, editedAt: answer.editedAt });
      this.editedAs.set(answer.key, this.edits++);
      this.listeners.notify(answer.key);
      changed = true;
      trackWrite(this.persist(answer)).catch(() => {});
    }
    if (changed) this.notifyAny();
  }

  /** `owner`'s changes kept by the `holding` (see storeHeld). */
  heldChanges(owner: string): StoredAnswer[] {
    return this.holding?.held(owner) ?? [];
  }

  /** The database has `answer` (or a newer edit of its field): the `holding` need not keep it. */
  releaseHeld(answer: StoredAnswer): void {
    this.holding?.stored(answer);
  }

  /** Resolves when every change made so far is on disk (before a reload or sign-out). */
  whenStored(): Promise<void> {
    return flushPendingWrites();
  }

  private async persist(answer: StoredAnswer): Promise<void> {
    const started = performance.now();
    this.holding?.keep(answer);
    try {
      const { committedAt } = await this.writer.write(await this.db(), answer, answer.owner !== DEVICE_OWNER);
      this.releaseHeld(answer);
      performance.measure?.("answer-commit", {
        start: started,
        end: committedAt,
        detail: { key: answer.key, editedAt: answer.editedAt },
      });
      updateSyncStatus({ localError: null });
      this.onRecorded();
      if (!this.askedPersistence) {
        this.askedPersistence = true;
        void requestPersistentStorage().catch(() => {});
      }
    } catch (error) {
      const quota = error instanceof Error && error.name === "QuotaExceededError";
      updateSyncStatus({
        localError: quota ? "this device's storage is full." : "this browser refused to store the change.",
      });
      throw error;
    }
  }
}
