const KILOBYTE = 1024;
const MEGABYTE = 1024 * 1024;

/**
 * Spec §9 "sizes shown rounded, no space (kB or MB)": whole kilobytes below a megabyte ("245kB",
 * "1kB" for any non-empty file smaller than that), whole megabytes from there ("1MB" is the
 * upload limit of 1,048,576 bytes). Binary units, as the limit is written.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0kB";
  const kilobytes = Math.max(1, Math.round(bytes / KILOBYTE));
  if (kilobytes < KILOBYTE) return `${kilobytes}kB`;
  return `${Math.round(bytes / MEGABYTE)}MB`;
}
