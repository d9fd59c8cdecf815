import { deviceClientId, httpTransport } from "./http-transport";
import { localDb } from "./local-db";
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
);

export const answerStore = syncClient.store;
