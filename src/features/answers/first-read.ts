import type { StoredAnswer } from "./local-db";

/** The device's database (local-db.ts names it; Dexie keeps its schema). */
export const DEVICE_DATABASE = "admissions";

/**
 * One owner's stored answers, read straight from IndexedDB, without Dexie: what a form page's first
 * screen shows while the sync engine (Dexie and the rest, answer-session.ts) loads after it
 * (decision 0020). Only reads: a device with no database yet (a first visit) is left without one,
 * for Dexie to create, and the connection closes at once, so that it never holds up Dexie's upgrade
 * of the schema. Throws when IndexedDB refuses (a private window of an old browser): the caller
 * then opens with the engine, which reports it as it always has.
 */
export function readStoredAnswers(owner: string, name = DEVICE_DATABASE): Promise<StoredAnswer[]> {
  return new Promise((resolve, reject) => {
    let created = false;
    const request = indexedDB.open(name);
    // No database yet: opening without a version would create an empty one. Abort instead.
    request.onupgradeneeded = () => {
      created = true;
      request.transaction?.abort();
    };
    request.onerror = (event) => {
      if (!created) return reject(request.error);
      // The abort above: nothing is stored.
      event.preventDefault();
      resolve([]);
    };
    request.onsuccess = () => {
      const db = request.result;
      try {
        if (!db.objectStoreNames.contains("answers")) {
          db.close();
          return resolve([]);
        }
        const read = db
          .transaction("answers", "readonly")
          .objectStore("answers")
          .index("owner")
          .getAll(owner);
        read.onsuccess = () => {
          db.close();
          resolve(read.result as StoredAnswer[]);
        };
        read.onerror = () => {
          db.close();
          reject(read.error);
        };
      } catch (error) {
        // The connection closed under it (the browser's doing), or an older schema: the engine reads.
        db.close();
        reject(error);
      }
    };
  });
}
