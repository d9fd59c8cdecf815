// The sync engine (decision 0020): the device's database (Dexie), the queue, the worker that sends
// it, and the app's one sync client around the answer store the page already reads from. Loaded
// apart from the first screen (answer-session.ts); modules loaded after it may import it directly.
import { forgetOfflineCopies } from "../application-pdf/offline-copy";
import { forgetServerDocuments } from "../documents/document-cache";
import { forgetRecorded, waitingUploadCount } from "../documents/upload-queue";
import { answerStore, serverClock } from "./answer-session";
import { deviceClientId, httpTransport } from "./http-transport";
import { localDb } from "./local-db";
import { notifyActionDropped } from "./refused-actions";
import { SyncClient } from "./sync-client";
import { forgetOwner, unsentCount } from "./sync-queue";

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

/**
 * `owner`'s session ended without a sign-out here (it expired, or the server ended it), and the
 * device has opened its own draft. As at a sign-out (log-out.ts), their copy leaves the device once
 * nothing of theirs waits to be sent (a shared computer keeps no one's application), and their
 * downloaded PDF and receipt go at once; what waits stays for their next sign-in here. Returns how
 * many changes stay. Counted and removed in one transaction: another tab still signed in as them
 * cannot queue a change that goes with the copy.
 */
export async function forgetEndedSession(owner: string): Promise<number> {
  // Changes an earlier page held for them go into the queue first, to be counted.
  await syncClient.keptFor(owner);
  const db = localDb();
  const kept = await db.transaction(
    "rw",
    [db.queue, db.uploads, db.answers, db.profiles, db.documents],
    async () => {
      const waiting = (await unsentCount(db, owner)) + (await waitingUploadCount(db, owner));
      if (waiting === 0) {
        await forgetOwner(db, owner);
        await forgetServerDocuments(db, owner);
        await forgetRecorded(db, owner);
      }
      return waiting;
    },
  );
  await forgetOfflineCopies();
  return kept;
}
