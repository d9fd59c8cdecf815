// A copy of the applicant's last downloaded application PDF, kept on the device (Cache Storage)
// so it opens offline (decision 0013); sign-out also removes /completion's receipt (issue 32). One entry per user (keyed by a digest of the username, so
// the cache names no one), and the whole cache goes at sign-out with the rest of the user's data
// (src/features/session/log-out.ts): personal data stays in Cache Storage only while signed in.

const CACHE_NAME = "application-pdf";
const SAVED_AT_HEADER = "x-saved-at";
const FILE_NAME_HEADER = "x-file-name";

export type OfflineCopy = { blob: Blob; savedAt: Date; fileName: string };

function cacheStorage(): CacheStorage | null {
  return typeof caches === "undefined" ? null : caches;
}

async function keyFor(owner: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(owner));
  const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `/device-copies/application-pdf/${hex}`;
}

/** The name in a Content-Disposition header (its plain `filename`), else a default. */
export function fileNameFrom(disposition: string | null): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? "");
  return match?.[1] ?? "application.pdf";
}

/**
 * Fetches the PDF at `url` (a link GET /api/pdf gave) and keeps it as `owner`'s copy. Answers
 * false when it could not (offline, an expired link, no Cache Storage, storage full): the download
 * the applicant asked for happens anyway; only the offline copy is missing.
 */
export async function saveOfflineCopy(owner: string, url: string): Promise<boolean> {
  const storage = cacheStorage();
  if (!storage) return false;
  try {
    const response = await fetch(url, { credentials: "same-origin", cache: "no-store" });
    if (!response.ok || response.headers.get("content-type") !== "application/pdf") return false;
    const blob = await response.blob();
    const cache = await storage.open(CACHE_NAME);
    await cache.put(
      await keyFor(owner),
      new Response(blob, {
        headers: {
          "content-type": "application/pdf",
          [SAVED_AT_HEADER]: new Date().toISOString(),
          [FILE_NAME_HEADER]: encodeURIComponent(fileNameFrom(response.headers.get("content-disposition"))),
        },
      }),
    );
    return true;
  } catch {
    return false;
  }
}

/** `owner`'s copy on this device, or null. */
export async function readOfflineCopy(owner: string): Promise<OfflineCopy | null> {
  const storage = cacheStorage();
  if (!storage) return null;
  try {
    const cache = await storage.open(CACHE_NAME);
    const found = await cache.match(await keyFor(owner));
    if (!found) return null;
    return {
      blob: await found.blob(),
      savedAt: new Date(found.headers.get(SAVED_AT_HEADER) ?? 0),
      fileName: decodeURIComponent(found.headers.get(FILE_NAME_HEADER) ?? "application.pdf"),
    };
  } catch {
    return null;
  }
}

/**
 * The IndexedDB database of /completion's receipt (src/features/receipt/receipt-store.ts): named
 * here so sign-out removes it with the PDF without loading the receipt's code.
 */
export const RECEIPT_DATABASE = "admissions-receipts";

/** Removes every user's copy, the PDF and the receipt (sign-out). */
export async function forgetOfflineCopies(): Promise<void> {
  await cacheStorage()
    ?.delete(CACHE_NAME)
    .catch(() => undefined);
  await new Promise<void>((resolve) => {
    if (typeof indexedDB === "undefined") return resolve();
    const deletion = indexedDB.deleteDatabase(RECEIPT_DATABASE);
    // Blocked (another tab has it open): deleted once that tab lets go; nothing to wait for here.
    deletion.onsuccess = deletion.onerror = deletion.onblocked = () => resolve();
  });
}
