import { liveQuery, type Subscription } from "dexie";
import { AnswerStore } from "./answer-store";
import { draftForLink, type LinkedDraft, mergeLinkedDraft } from "./linked-draft";
import { type ActionKind, DEVICE_OWNER, type LocalDb, laneOf, type QueueKind } from "./local-db";
import type { AnswerWriter } from "./off-thread-writer";
import { onThisThread } from "./on-this-thread";
import { setRefusedAnswers } from "./refused-answers";
import { ServerClock } from "./server-clock";
import {
  adoptDrafts,
  adoptServerAnswer,
  adoptSuperseded,
  forgetOwner,
  openOwnerAnswers,
  pendingActionKeys,
  recordAction,
  recordAnswer,
  recordPage,
  restoreRefused,
  unsentCount,
} from "./sync-queue";
import { updateSyncStatus } from "./sync-status";
import { type SendBatch, SyncWorker, type SyncWorkerOptions } from "./sync-worker";

export type OpenResult = {
  mergedDrafts: number;
  /** The keys of the owner's waiting non-answer changes, as the open read them (`pendingActions`). */
  pendingActions: Set<string>;
};

/** The server's copy of an owner's application, as its profile gave it. */
export type ServerCopy = {
  answers: Record<string, string>;
  serverTime: number;
  /** The page it holds as the last one visited (spec §2); absent when not known. */
  lastPage?: string | null;
};

/**
 * One device's view of one owner's application: the in-memory answer store, the local database,
 * and (for a signed-in owner) the worker that sends the queue. The app has one; tests build several.
 */
export class SyncClient {
  readonly clock: ServerClock;
  readonly store: AnswerStore;
  private worker: SyncWorker | undefined;
  private watch: Subscription | undefined;
  /** The last open or sign-out: the next waits for it (the app's first open runs unawaited). */
  private switching: Promise<unknown> = Promise.resolve();
  private openAsked = false;
  /**
   * The last page the server holds for the open owner, as its profile said at the open; null once
   * this client has queued another (or when it is not known: an open without the server's copy).
   */
  private serverLastPage: string | null = null;

  constructor(
    private readonly db: () => LocalDb,
    private readonly transport: (clock: ServerClock) => Promise<SendBatch>,
    private readonly workerOptions: SyncWorkerOptions = {},
    clock: ServerClock = new ServerClock(),
    answerWriter: AnswerWriter = onThisThread,
    /** The store inputs already read from (the app's exists before this client: answer-session.ts). */
    store: AnswerStore = new AnswerStore(db, clock, answerWriter),
  ) {
    this.clock = clock;
    this.store = store;
  }

  /** Runs `change` after the previous open or sign-out has finished. */
  private exclusive<T>(change: () => Promise<T>): Promise<T> {
    const result = this.switching.then(change, change);
    this.switching = result.catch(() => {});
    return result;
  }

  get owner(): string {
    return this.store.owner;
  }

  /**
   * Makes `owner`'s answers current: folds in the server's copy when there is one (a field with a
   * change still waiting keeps the device's value), moves an anonymous draft into a signed-in
   * account, and starts sending. Called at start-up, sign-in and sign-out.
   */
  open(owner: string, server: ServerCopy | null): Promise<OpenResult> {
    this.openAsked = true;
    return this.exclusive(() => this.openNow(owner, server));
  }

  /** Whether anything has opened an owner's answers with this client yet. */
  get hasOpened(): boolean {
    return this.openAsked;
  }

  private async openNow(owner: string, server: ServerCopy | null): Promise<OpenResult> {
    this.close();
    this.serverLastPage = server?.lastPage ?? null;
    // Fields changed from here on keep what was typed (the page may be on screen: answer-store.ts).
    const mark = this.store.editMark();
    // This tab's writes land in the order it made them, though its keystrokes are written by a
    // worker (off-thread-writer.ts): anything below reads or moves answers, so it waits for them.
    await this.store.whenStored();
    const db = this.db();
    await this.storeHeld(db, owner);
    if (server) this.clock.observe(server.serverTime, Date.now(), Date.now());
    // One transaction: the draft and the server's values taken in, the queue read once.
    const opened = await openOwnerAnswers(db, owner, server?.answers ?? null);
    const { rows, mergedDrafts, pendingActions } = opened;

    if (owner === DEVICE_OWNER) {
      this.store.replaceAll(owner, rows, undefined, mark);
      setRefusedAnswers([]);
      updateSyncStatus({ phase: "local-only", pending: 0, serverMessage: null });
    } else {
      const worker = new SyncWorker(db, owner, await this.transport(this.clock), {
        lockName: `admissions-sync:${owner}`,
        onSuperseded: (batch, superseded) => adoptSuperseded(db, batch, superseded),
        ...this.workerOptions,
      });
      this.worker = worker;
      this.store.replaceAll(owner, rows, () => worker.notifyChange(), mark);
      // What is waiting from the start: never "All changes saved" before the worker has looked.
      const { pending, refused } = opened;
      setRefusedAnswers(refused, { phase: "idle", pending, serverMessage: null, keptForSignIn: 0 });
      worker.start();
    }
    // Other tabs (and adopted server values) change the database; reflect them here.
    this.watch = liveQuery(() => db.answers.where("owner").equals(owner).toArray()).subscribe({
      next: (stored) => this.store.applyStored(stored),
      error: () => {},
    });
    return { mergedDrafts, pendingActions };
  }

  /**
   * Changes an earlier page kept and never stored (the store's holding: answer-session.ts), the
   * device draft's and `owner`'s, go into the database before it is read; a newer edit stored
   * meanwhile is never overwritten (recordAnswer).
   */
  private async storeHeld(db: LocalDb, owner: string): Promise<void> {
    const owners = owner === DEVICE_OWNER ? [owner] : [DEVICE_OWNER, owner];
    for (const answer of owners.flatMap((held) => this.store.heldChanges(held))) {
      await recordAnswer(db, answer, answer.owner !== DEVICE_OWNER);
      this.store.releaseHeld(answer);
    }
  }

  /**
   * A value the server wrote for `owner`'s field `key` itself (a completed conversion's "ANSWERED",
   * decision 0009): the device stores it as the server's and shows it, and sends nothing (it did
   * queue it as a change before: a request that only told the server what it had written). A change
   * of the field still waiting to be sent is kept (`adoptServerAnswer`); so is one made here after
   * the writes this waits for. Returns whether the device took the value.
   */
  adoptServerAnswer(owner: string, key: string, value: string): Promise<boolean> {
    return this.exclusive(async () => {
      if (owner === DEVICE_OWNER || this.owner !== owner) return false;
      // This tab's changes made so far are in the database (and the queue) before it is read.
      await this.store.whenStored();
      const adopted = await adoptServerAnswer(this.db(), owner, key, value);
      if (!adopted) return false;
      this.store.applyStored([adopted]);
      return this.store.get(key) === value;
    });
  }

  close(): void {
    this.worker?.stop();
    this.worker = undefined;
    this.watch?.unsubscribe();
    this.watch = undefined;
  }

  /**
   * Sends what is waiting now (e.g. before sign-out); resolves when done or when it must wait
   * (for the lanes of `kinds` only, when given: sync-worker.ts `flushNow`).
   */
  async flush(kinds?: readonly QueueKind[]): Promise<void> {
    await this.store.whenStored();
    await this.worker?.flushNow(kinds);
  }

  /**
   * Changes that have not reached the server: waiting ones and refused answers; of `kinds` only
   * when given (Submit needs the answers, counts and tabs there, not the last page).
   */
  async pending(kinds?: readonly QueueKind[]): Promise<number> {
    return this.owner === DEVICE_OWNER ? 0 : unsentCount(this.db(), this.owner, kinds);
  }

  /**
   * Undoes the refused changes of `keys`: the fields take the server's values (`serverValues`; a
   * field it does not hold becomes empty) and nothing is sent for them. Returns the keys restored.
   */
  async restoreRefused(keys: readonly string[], serverValues: Record<string, string>): Promise<string[]> {
    if (this.owner === DEVICE_OWNER) return [];
    await this.store.whenStored();
    return restoreRefused(this.db(), this.owner, keys, serverValues);
  }

  /**
   * Queues a non-answer change for the signed-in owner (see `recordAction` for `key`). Anonymous
   * visitors' actions are not kept (spec §6).
   */
  async queueAction(kind: ActionKind, payload: unknown, key?: string): Promise<void> {
    if (this.owner === DEVICE_OWNER) return;
    // Queued after the answers typed before it (a tab's cleared answers before the tab's choice).
    await this.store.whenStored();
    await recordAction(this.db(), this.owner, kind, payload, key);
    this.worker?.notifyAction(laneOf({ kind, key: key ?? kind }));
  }

  /**
   * Records the page the signed-in owner is on (spec §2: where they come back to), through the
   * queue like any change; not when the server's profile, read at the open, already has that page
   * and no page change waits (sync-queue.ts `recordPage`).
   */
  async recordPage(page: string): Promise<void> {
    if (this.owner === DEVICE_OWNER) return;
    // Queued after the answers typed before it, like any action.
    await this.store.whenStored();
    if (!(await recordPage(this.db(), this.owner, page, this.serverLastPage))) return;
    // From now on the server's page is the one queued, unless it refuses it: not known here.
    this.serverLastPage = null;
    this.worker?.notifyAction(laneOf({ kind: "last-page", key: "last-page" }));
  }

  /** The keys of the signed-in owner's waiting non-answer changes. */
  async pendingActions(): Promise<Set<string>> {
    return this.owner === DEVICE_OWNER ? new Set() : pendingActionKeys(this.db(), this.owner);
  }

  /** This device's anonymous draft as a "Continue on another device" link carries it. */
  async draftForLink(): Promise<LinkedDraft> {
    await this.store.whenStored();
    return draftForLink(this.db(), DEVICE_OWNER);
  }

  /**
   * Brings in the answers of a "Continue on another device" link (decision 0012): they merge into
   * the device's draft field by field (a newer edit on this device wins). For a signed-in owner the
   * draft then joins the account exactly as a draft typed before signing in does (`adoptDrafts`):
   * queued with its edit times, the server keeping the newer edit of each field. Returns how many
   * fields changed on the device (anonymous) or were queued for the account (signed in).
   */
  async adoptLinkedDraft(linked: LinkedDraft): Promise<number> {
    await this.store.whenStored();
    const db = this.db();
    const written = await mergeLinkedDraft(db, DEVICE_OWNER, linked);
    if (this.owner === DEVICE_OWNER) {
      this.store.applyStored(written);
      return written.length;
    }
    const merged = await adoptDrafts(db, DEVICE_OWNER, this.owner);
    this.worker?.notifyChange();
    return merged;
  }

  /**
   * How many of `owner`'s changes the device holds unsent (answers and other changes; not files),
   * once the changes an earlier page held for them (unstored-answers.ts) are in the database and
   * queued: a session that ended elsewhere keeps them for the owner's next sign-in here.
   */
  keptFor(owner: string): Promise<number> {
    return this.exclusive(async () => {
      await this.store.whenStored();
      const db = this.db();
      await this.storeHeld(db, owner);
      return unsentCount(db, owner);
    });
  }

  /**
   * Ends a signed-in owner's use of this device. Once everything has reached the server their copy
   * is removed (a shared computer keeps no one's application); otherwise it stays until they sign
   * in here again, so nothing is lost. Returns how many changes stayed unsent.
   */
  signOut(): Promise<number> {
    return this.exclusive(() => this.signOutNow());
  }

  private async signOutNow(): Promise<number> {
    const owner = this.owner;
    await this.store.whenStored();
    const unsent = await this.pending();
    this.close();
    if (owner !== DEVICE_OWNER && unsent === 0) await forgetOwner(this.db(), owner);
    await this.openNow(DEVICE_OWNER, null);
    // The header must not say "Saved on this device" as if nothing were waiting for them.
    updateSyncStatus({ keptForSignIn: owner === DEVICE_OWNER ? 0 : unsent });
    return unsent;
  }
}
