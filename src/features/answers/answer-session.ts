import { deviceClientId, httpTransport } from "./http-transport";
import { localDb } from "./local-db";
import { SyncClient } from "./sync-client";

/** The app's one sync client: every input reads and writes through its store. */
export const syncClient = new SyncClient(localDb, async (clock) =>
  httpTransport(await deviceClientId(), clock),
);

export const answerStore = syncClient.store;
