import type { SyncStatus } from "./sync-status";

/**
 * What became of the applicant's changes after a send, for the message a page shows:
 * - `saved`: all on the server;
 * - `offline`: waiting on the device for a connection;
 * - `server-trouble`: the server failed, timed out or could not be reached while online (retried);
 * - `refused`: some answers were refused as invalid (marked "Not saved" at their fields);
 * - `attention`: the server refused the changes for a reason no edit fixes (e.g. submitted);
 * - `signed-out`: the session ended; the changes wait for the same user to sign in again.
 */
export type SaveOutcome = "saved" | "offline" | "server-trouble" | "refused" | "attention" | "signed-out";

/** `unsent`: changes that have not reached the server (waiting and refused), read after the send. */
export function saveOutcome(status: SyncStatus, unsent: number): SaveOutcome {
  if (status.phase === "signed-out") return "signed-out";
  if (unsent === 0) return "saved";
  if (status.refused > 0) return "refused";
  if (status.phase === "attention") return "attention";
  const offline = typeof navigator !== "undefined" && navigator.onLine === false;
  return status.phase === "offline" || offline ? "offline" : "server-trouble";
}
