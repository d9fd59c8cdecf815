import { expect, type Page } from "@playwright/test";

// What the device's local store (IndexedDB "admissions", written through Dexie) holds, read from
// the page. Tests wait on it before anything that would cut a local write short (a reload, closing
// the page): a write still in flight when the page goes away may be lost, one that has committed
// never is, so "the device holds it" is the state to wait for, never a fixed time.

/** Owner of answers typed before any sign-in (src/features/answers/local-db.ts DEVICE_OWNER). */
export const DEVICE_OWNER = "device";

type DeviceContents = { answers: Record<string, string>; queued: number };

/** `owner`'s stored answers and how many changes wait in the queue for the server. */
export function deviceContents(page: Page, owner: string = DEVICE_OWNER): Promise<DeviceContents> {
  return page.evaluate(async (owner) => {
    // Opening a database that does not exist yet would create it, empty, under the app's feet.
    if (!(await indexedDB.databases()).some((db) => db.name === "admissions")) {
      return { answers: {}, queued: 0 };
    }
    return new Promise<DeviceContents>((resolve, reject) => {
      const open = indexedDB.open("admissions");
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains("answers") || !db.objectStoreNames.contains("queue")) {
          db.close();
          resolve({ answers: {}, queued: 0 });
          return;
        }
        const tx = db.transaction(["answers", "queue"], "readonly");
        const rows = tx.objectStore("answers").index("owner").getAll(owner);
        const queued = tx.objectStore("queue").index("owner").count(owner);
        tx.onerror = () => reject(tx.error);
        tx.oncomplete = () => {
          db.close();
          const answers: Record<string, string> = {};
          for (const row of rows.result as { key: string; value: string }[]) answers[row.key] = row.value;
          resolve({ answers, queued: queued.result });
        };
      };
    });
  }, owner);
}

/** Waits until the device has stored these answers for `owner` (the anonymous device by default). */
export async function expectStoredOnDevice(
  page: Page,
  expected: Record<string, string>,
  owner: string = DEVICE_OWNER,
): Promise<void> {
  await expect
    .poll(async () => (await deviceContents(page, owner)).answers, {
      message: "answers stored on the device",
    })
    .toMatchObject(expected);
}

/** Waits until nothing of `owner`'s waits for the server (every change sent and confirmed). */
export async function expectNothingQueued(page: Page, owner: string): Promise<void> {
  await expect
    .poll(async () => (await deviceContents(page, owner)).queued, { message: "changes queued on the device" })
    .toBe(0);
}

/** A value the app keeps in idb-keyval's store ("keyval-store"), or null when there is none. */
export function deviceKeyval(page: Page, key: string): Promise<unknown> {
  return page.evaluate(async (key) => {
    if (!(await indexedDB.databases()).some((db) => db.name === "keyval-store")) return null;
    return new Promise((resolve, reject) => {
      const open = indexedDB.open("keyval-store");
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const read = open.result.transaction("keyval", "readonly").objectStore("keyval").get(key);
        read.onerror = () => reject(read.error);
        read.onsuccess = () => {
          open.result.close();
          resolve(read.result ?? null);
        };
      };
    });
  }, key);
}
