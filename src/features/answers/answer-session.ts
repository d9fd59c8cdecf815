import { oncePart } from "../../lib/load-part";
import { AnswerStore } from "./answer-store";
import type { AnswerWrite } from "./off-thread-writer";
import { offThreadWriter } from "./off-thread-writer";
import { ServerClock } from "./server-clock";
import { updateSyncStatus } from "./sync-status";
import { heldAnswers, holdUnstored, releaseStored } from "./unstored-answers";

type SyncSession = typeof import("./sync-session");

const syncSession = oncePart(() => import("./sync-session"));

/**
 * The sync engine (sync-session.ts: the device's database, the queue, the sender), loaded once,
 * apart from the first screen (decision 0020): a form page's first screen reads the answers
 * without it (first-read.ts), and the inputs write through the answer store, which waits for it
 * only where it needs the database. A load that fails keeps trying while offline (loadPart); one
 * that failed online is tried afresh by the next call.
 */
export function loadSyncSession(): Promise<SyncSession> {
  return syncSession.load();
}

/** The sync engine if it has loaded (loadSyncSession), for what need not wait for it. */
export function loadedSyncSession(): SyncSession | undefined {
  return syncSession.loaded();
}

/** How long a change waiting for the engine waits before asking for it again after a failure. */
const ENGINE_RETRY_MS = 5_000;

/**
 * The engine, however long it takes: what waits for it (a change to store, the device draft to
 * open) must not fail because a flaky connection made loadPart give up.
 */
async function engineWhenLoaded(): Promise<SyncSession> {
  for (;;) {
    try {
      return await loadSyncSession();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, ENGINE_RETRY_MS));
    }
  }
}

/** The server's clock as this device estimates it; the sync client observes it. */
export const serverClock = new ServerClock();

/**
 * Said in the header while a change is in memory only: the database is not there yet (the engine
 * still loading, or the network gone before it came) and the browser refused to keep the change
 * meanwhile (unstored-answers.ts).
 */
export const ENGINE_MISSING_MESSAGE =
  "this page has not finished loading; your answers will be saved as soon as it has. Keep this page open.";

/** Whether a change has been stored in the database by this page: none needs holding after it. */
let databaseReady = false;

const writeOnThisThread: AnswerWrite = async (db, answer, enqueue) =>
  (await engineWhenLoaded()).writeOnThisThread(db, answer, enqueue);

/** The answers of the current owner: every input reads and writes through it. */
export const answerStore = new AnswerStore(
  async () => (await engineWhenLoaded()).localDb(),
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
  // Until the database has taken a change (the engine loaded, the database opened), a change is
  // kept where a closed tab keeps it too; if the browser refuses, the header says it is not saved.
  {
    keep: (answer) => {
      if (databaseReady || holdUnstored(answer)) return;
      updateSyncStatus({ localError: ENGINE_MISSING_MESSAGE });
    },
    stored: (answer) => {
      databaseReady = true;
      releaseStored(answer);
    },
    held: heldAnswers,
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
  engineWhenLoaded()
    .then(async ({ syncClient }) => {
      if (!syncClient.hasOpened) await syncClient.open(answerStore.owner, null);
    })
    .catch(() => {});
}
