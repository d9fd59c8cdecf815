import type { SubmissionReceipt } from "../../shared/api-types";
import { RECEIPT_DATABASE } from "../application-pdf/offline-copy";

// The last receipt the server gave, kept on the device (IndexedDB) so /completion reads offline
// (issue 32). One entry per user; sign-out deletes the database with the PDF's copy
// (forgetOfflineCopies). A database of its own, opened with the browser's API rather
// than idb-keyval: that library lives in the first screen's file, which would have to export more
// of it for this chunk (bytes on every applicant's first visit).

export type StoredReceipt = { receipt: SubmissionReceipt; savedAt: number };

const DATABASE = RECEIPT_DATABASE;
const STORE = "receipts";

function request<T>(work: (store: IDBObjectStore) => IDBRequest<T>, mode: IDBTransactionMode): Promise<T> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(DATABASE, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const database = open.result;
      const transaction = database.transaction(STORE, mode);
      const result = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => {
        database.close();
        resolve(result.result);
      };
      transaction.onerror = transaction.onabort = () => {
        database.close();
        reject(transaction.error);
      };
    };
  });
}

export async function readReceipt(owner: string): Promise<StoredReceipt | null> {
  try {
    return ((await request((store) => store.get(owner), "readonly")) as StoredReceipt | undefined) ?? null;
  } catch {
    return null;
  }
}

/** Keeps the receipt; a refusal of the browser's storage loses only the offline copy. */
export async function saveReceipt(owner: string, receipt: SubmissionReceipt, savedAt: number): Promise<void> {
  const stored: StoredReceipt = { receipt, savedAt };
  await request((store) => store.put(stored, owner), "readwrite").catch(() => {});
}
