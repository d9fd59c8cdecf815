import { DEVICE_OWNER, type LocalDb } from "./local-db";
import { recordAnswer } from "./sync-queue";
import { updateSyncStatus } from "./sync-status";

type Listener = () => void;

/**
 * The answers of the current owner, in memory, so inputs read and update them synchronously on
 * every keystroke. Each change is written to IndexedDB at once (and queued for the server when
 * someone is signed in); the memory copy is only a view of what the device has stored.
 */
export class AnswerStore {
  private values = new Map<string, string>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private currentOwner = DEVICE_OWNER;

  constructor(
    private readonly db: () => LocalDb,
    /** Called after a change is safely stored, e.g. to wake the sync worker. */
    private onRecorded: () => void = () => {},
  ) {}

  get owner(): string {
    return this.currentOwner;
  }

  /** Switches to another owner's answers (sign-in, sign-out, start-up). */
  replaceAll(owner: string, values: Record<string, string>, onRecorded: () => void = () => {}): void {
    this.currentOwner = owner;
    this.onRecorded = onRecorded;
    this.values = new Map(Object.entries(values));
    for (const set of this.listeners.values()) for (const listener of set) listener();
  }

  get(key: string): string {
    return this.values.get(key) ?? "";
  }

  all(): Record<string, string> {
    return Object.fromEntries(this.values);
  }

  subscribe(key: string, listener: Listener): () => void {
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Records a change; resolves once it is on disk (callers on the keystroke path need not wait). */
  async set(key: string, value: string): Promise<void> {
    if (this.get(key) === value) return;
    this.values.set(key, value);
    for (const listener of this.listeners.get(key) ?? []) listener();
    const owner = this.currentOwner;
    try {
      await recordAnswer(this.db(), { owner, key, value, editedAt: Date.now() }, owner !== DEVICE_OWNER);
      updateSyncStatus({ localError: null });
      this.onRecorded();
    } catch (error) {
      const quota = error instanceof Error && error.name === "QuotaExceededError";
      updateSyncStatus({
        localError: quota ? "this device's storage is full." : "this browser refused to store the change.",
      });
      throw error;
    }
  }
}
