import { loadPart } from "../../lib/load-part";
import { AnswerStore } from "./answer-store";
import type { AnswerWrite } from "./off-thread-writer";
import { offThreadWriter } from "./off-thread-writer";
import { pendingWriteCount } from "./pending-writes";
import { ServerClock } from "./server-clock";
import { updateSyncStatus } from "./sync-status";
import { holdUnstored, releaseStored } from "./unstored-answers";

type SyncSession = typeof import("./sync-session");

let loading: Promise<SyncSession> | undefined;
let loaded: SyncSession | undefined;
/** Called when a try to load the engine fails (it keeps trying: loadPart). */
const failureListeners = new Set<() => void>();
let failedOnce = false;

/**
 * The sync engine (sync-session.ts: the device's database, the queue, the sender), loaded once,
 * apart from the first screen (decision 0020): a form page's first screen reads the answers
 * without it (first-read.ts), and the inputs write through the answer store, which waits for it
 * only where it needs the database. A load that fails keeps trying while offline (loadPart).
 */
export function loadSyncSession(): Promise<SyncSession> {
  loading ??= loadPart(() => import("./sync-session"), {
    onFailure: () => {
      failedOnce = true;
      for (const listener of failureListeners) listener();
    },
  }).then(
    (module) => {
      loaded = module;
      failedOnce = false;
      keptAll = true;
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      failedOnce = true;
      for (const listener of failureListeners) listener();
      throw error;
    },
  );
  return loading;
}

/** The sync engine if it has loaded (loadSyncSession), for what need not wait for it. */
export function loadedSyncSession(): SyncSession | undefined {
  return loaded;
}

/** The server's clock as this device estimates it; the sync client observes it. */
export const serverClock = new ServerClock();

/**
 * Said in the header while a change waits for an engine the network took (a first visit), and the
 * browser refused to keep it meanwhile (unstored-answers.ts): it is in memory only.
 */
export const ENGINE_MISSING_MESSAGE =
  "the connection was lost before this page finished loading; your answers will be saved once you're back online.";

/** False once a change made before the engine came could not be kept (unstored-answers.ts). */
let keptAll = true;

/**
 * The engine, for the store's writes: while it cannot be loaded and a change waits for it that
 * could not be kept meanwhile, the header says it is not saved yet (cleared once one is stored).
 */
async function engineForWrite(): Promise<SyncSession> {
  if (loaded) return loaded;
  const sayMissing = () => {
    if (pendingWriteCount() > 0 && !keptAll) updateSyncStatus({ localError: ENGINE_MISSING_MESSAGE });
  };
  failureListeners.add(sayMissing);
  // After the change asking is counted as waiting (it asks before it is tracked).
  if (failedOnce) queueMicrotask(sayMissing);
  try {
    return await loadSyncSession();
  } finally {
    failureListeners.delete(sayMissing);
  }
}

const writeOnThisThread: AnswerWrite = async (db, answer, enqueue) =>
  (await engineForWrite()).writeOnThisThread(db, answer, enqueue);

/** The answers of the current owner: every input reads and writes through it. */
export const answerStore = new AnswerStore(
  async () => (await engineForWrite()).localDb(),
  serverClock,
  // Keystrokes are stored by a worker, whose IndexedDB replies do not wait for the page's frames.
  typeof Worker === "undefined"
    ? { write: writeOnThisThread }
    : offThreadWriter(
        () =>
          new Worker(new URL("./answer-write.worker.ts", import.meta.url), {
            type: "module",
            name: "answer-writes",
          }),
        writeOnThisThread,
      ),
  // Until the engine is there, a change is kept where a closed tab keeps it too.
  {
    keep: (answer) => {
      if (!loaded && !holdUnstored(answer)) keptAll = false;
    },
    stored: releaseStored,
  },
);

/** The app's sync client (sync-session.ts), once the sync engine has loaded. */
export async function loadSyncClient(): Promise<SyncSession["syncClient"]> {
  return (await loadSyncSession()).syncClient;
}

/**
 * Loads the engine, and opens the store's owner with it unless something has (a sign-in, the
 * loader): a visitor's first screen is read without it (first-read.ts). Called once the page is
 * idle after it has rendered; the first change, or the first focus in a form, loads it sooner.
 */
export function startSyncEngine(): void {
  loadSyncSession()
    .then(async ({ syncClient }) => {
      if (!syncClient.hasOpened) await syncClient.open(answerStore.owner, null);
    })
    .catch(() => {});
}
