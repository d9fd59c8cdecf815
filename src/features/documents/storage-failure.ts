/**
 * Why the device could not keep a file or a change (IndexedDB refused the write). Shown to the
 * applicant, never swallowed: a file that is not kept would otherwise look queued.
 */
export function storageFailureMessage(error: unknown): string {
  const name = error instanceof Error ? error.name : "";
  const inner = (error as { inner?: unknown } | null)?.inner;
  const quota =
    name === "QuotaExceededError" || (inner instanceof Error && inner.name === "QuotaExceededError");
  return quota
    ? "Your file could not be kept on this device because its storage is full. Free up some space and choose the file again."
    : "This browser refused to keep your file on this device. Please choose it again.";
}
