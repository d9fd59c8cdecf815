/**
 * Why the device could not keep a file or a change (IndexedDB refused the write). Shown to the
 * applicant, never swallowed: a file that is not kept would otherwise look queued.
 */
export function storageFailureMessage(error: unknown): string {
  return isQuotaError(error)
    ? "Your file could not be kept on this device because its storage is full. Free up some space and choose the file again."
    : "This browser refused to keep your file on this device. Please choose it again.";
}

/** A full disk, as the browser (DOMException) or Dexie (which wraps it, keeping the name) reports it. */
function isQuotaError(error: unknown): boolean {
  const named = (value: unknown) => (value as { name?: unknown } | null)?.name === "QuotaExceededError";
  return named(error) || named((error as { inner?: unknown } | null)?.inner);
}
