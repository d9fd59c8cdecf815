// The sync engine (decision 0020): the device's database (Dexie), the queue, the worker that sends
// it, and the app's one sync client around the answer store the page already reads from. Loaded
// apart from the first screen (answer-session.ts); modules loaded after it may import it directly.
import { waitingUploadCount } from "../documents/upload-queue";
import { answerStore, serverClock } from "./answer-session";
import { deviceClientId, httpTransport } from "./http-transport";
import { localDb } from "./local-db";
import { notifyActionDropped } from "./refused-actions";
import { SyncClient } from "./sync-client";

export { localDb } from "./local-db";
export { writeOnThisThread } from "./on-this-thread";

/** The app's one sync client: it reads and sends what the answer store writes. */
export const syncClient = new SyncClient(
  localDb,
  async (clock) => httpTransport(await deviceClientId(), clock),
  {
    onActionDropped: (batch, failure) => {
      if (batch.kind !== "answer") notifyActionDropped({ kind: batch.kind, payload: batch.payload, failure });
    },
  },
  serverClock,
  undefined,
  answerStore,
);

/** How many of `owner`'s changes this device still holds unsent: answers and others, and files. */
export async function unsentFor(owner: string): Promise<number> {
  return (await syncClient.keptFor(owner)) + (await waitingUploadCount(localDb(), owner));
}
