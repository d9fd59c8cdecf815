import { KeyedListeners } from "../../lib/keyed-listeners";
import { DEVICE_OWNER, type LocalDb, type StoredAnswer } from "./local-db";
import { type AnswerWriter, onThisThread } from "./off-thread-writer";
import { flushPendingWrites, trackWrite } from "./pending-writes";
import type { ServerClock } from "./server-clock";
import { requestPersistentStorage } from "./storage-persistence";
import { updateSyncStatus } from "./sync-status";

type Entry = { value: string; editedAt: number };

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

  constructor(
    private readonly db: () => LocalDb,
    private readonly clock: ServerClock,
    /** How a change reaches the database (the app's: through a worker, see off-thread-writer.ts). */
    private readonly writer: AnswerWriter = onThisThread,
  ) {}

  /** Readies the way changes are written (the first focus in a form), so the first is quick too. */
  prepareWrites(): void {
    this.writer.prepare?.(this.db());
  }

  get owner(): string {
    return this.currentOwner;
  }

  /** Switches to another owner's answers (sign-in, sign-out, start-up). */
  replaceAll(owner: string, answers: readonly StoredAnswer[], onRecorded: () => void = () => {}): void {
    this.currentOwner = owner;
    this.onRecorded = onRecorded;
    this.values = new Map(answers.map((a) => [a.key, { value: a.value, editedAt: a.editedAt }]));
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
    this.listeners.notify(key);
    this.notifyAny();
    const owner = this.currentOwner;
    return trackWrite(this.persist({ owner, key, value, editedAt }));
  }

  /** Resolves when every change made so far is on disk (before a reload or sign-out). */
  whenStored(): Promise<void> {
    return flushPendingWrites();
  }

  private async persist(answer: StoredAnswer): Promise<void> {
    const started = performance.now();
    try {
      const { committedAt } = await this.writer.write(this.db(), answer, answer.owner !== DEVICE_OWNER);
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
