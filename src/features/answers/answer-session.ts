import { deviceClientId, httpTransport } from "./http-transport";
import { localDb } from "./local-db";
import { offThreadWriter, onThisThread } from "./off-thread-writer";
import { notifyActionRefused } from "./refused-actions";
import { SyncClient } from "./sync-client";

/** The app's one sync client: every input reads and writes through its store. */
export const syncClient = new SyncClient(
  localDb,
  async (clock) => httpTransport(await deviceClientId(), clock),
  {
    onActionRefused: (batch, error) => {
      if (batch.kind !== "answer") notifyActionRefused({ kind: batch.kind, payload: batch.payload, error });
    },
  },
  undefined,
  // Keystrokes are stored by a worker, whose IndexedDB replies do not wait for the page's frames.
  typeof Worker === "undefined"
    ? onThisThread
    : offThreadWriter(
        () =>
          new Worker(new URL("./answer-write.worker.ts", import.meta.url), {
            type: "module",
            name: "answer-writes",
          }),
      ),
);

export const answerStore = syncClient.store;
