import type { SyncStatus } from "./sync-status";

/**
 * What became of the applicant's changes after a send, for the message a page shows:
 * - `saved`: all on the server;
 * - `sending`: still being sent (a slow answer): on the device, on its way;
 * - `offline`: waiting on the device for a connection;
 * - `unreachable`: online, but no answer came (retried by itself);
 * - `busy`: the server asked to come back later (retried by itself);
 * - `server-error`: the server had a problem (the header says which; sent with the next trigger);
 * - `refused`: some answers were refused as invalid (marked "Not saved" at their fields);
 * - `attention`: the server refused the changes for a reason no edit fixes (e.g. submitted);
 * - `signed-out`: the session ended; the changes wait for the same user to sign in again.
 */
export type SaveOutcome =
  | "saved"
  | "sending"
  | "offline"
  | "unreachable"
  | "busy"
  | "server-error"
  | "refused"
  | "attention"
  | "signed-out";

/** `unsent`: changes that have not reached the server (waiting and refused), read after the send. */
export function saveOutcome(status: SyncStatus, unsent: number): SaveOutcome {
  if (status.phase === "signed-out") return "signed-out";
  if (unsent === 0) return "saved";
  if (status.refused > 0) return "refused";
  if (status.phase === "attention" || status.phase === "server-error" || status.phase === "busy") {
    return status.phase;
  }
  const offline = typeof navigator !== "undefined" && navigator.onLine === false;
  if (status.phase === "offline" || offline) return "offline";
  return status.phase === "sending" || status.phase === "idle" ? "sending" : "unreachable";
}
