import { get, set } from "idb-keyval";
import { updateSyncStatus } from "./sync-status";

const ASKED_KEY = "storage-persist-asked";

/**
 * Once the applicant has started (their first answer), asks the browser to keep this site's
 * storage under pressure instead of evicting it. A refusal is shown quietly in the save status:
 * answers are still stored, but the browser may clear them if the device runs out of space.
 */
export async function requestPersistentStorage(): Promise<void> {
  if (typeof navigator === "undefined" || !navigator.storage?.persist) return;
  if (await navigator.storage.persisted()) {
    updateSyncStatus({ persistent: true });
    return;
  }
  if (await get<boolean>(ASKED_KEY)) {
    updateSyncStatus({ persistent: false });
    return;
  }
  await set(ASKED_KEY, true);
  updateSyncStatus({ persistent: await navigator.storage.persist() });
}
