import { GENERIC_ERROR_MESSAGE } from "../../shared/messages";

// What the header tells the applicant about their changes. One small observable, fed by the
// answer store (local writes), the sync worker (server sends) and the refused answers.

export type SyncPhase =
  /** Anonymous: answers stay on this device. */
  | "local-only"
  | "idle"
  | "sending"
  /** The browser is offline: changes wait on the device for a connection. */
  | "offline"
  /** Online, but no answer came (connection refused or cut, a timeout): changes wait, retried. */
  | "unreachable"
  /** The server asked to come back later (503 or 429 with Retry-After): changes wait, retried. */
  | "busy"
  /**
   * The server had a problem (5xx, or a reply that is not our API's) as often as the failure
   * policy tries: changes wait on the device for the next edit, click or reconnection.
   */
  | "server-error"
  /** The server refused the session: changes wait until the same user signs in again. */
  | "signed-out"
  /** The server refused the changes for a reason no edit can fix (e.g. the application was submitted). */
  | "attention";

export type SyncStatus = {
  phase: SyncPhase;
  /** Changes on this device waiting to be sent (refused answers are counted in `refused`). */
  pending: number;
  /** Set when the device itself could not store a change (e.g. storage full). */
  localError: string | null;
  /** The server's message for a refused change or a server problem. */
  serverMessage: string | null;
  /** Whether the browser promised to keep this site's storage (null: not asked yet). */
  persistent: boolean | null;
  /** Answers the server refused as invalid: each is marked "Not saved" at its field. */
  refused: number;
  /** The first of them, for the header's link to it. */
  firstRefused: string | null;
  /** After signing out: changes this device keeps for that user's next sign-in. */
  keptForSignIn: number;
};

type Listener = () => void;

/** Nothing waiting, refused or failed: the state before the store has opened. */
export const QUIET_SYNC_STATUS: Readonly<SyncStatus> = {
  phase: "local-only",
  pending: 0,
  localError: null,
  serverMessage: null,
  persistent: null,
  refused: 0,
  firstRefused: null,
  keptForSignIn: 0,
};

let status: SyncStatus = QUIET_SYNC_STATUS;
const listeners = new Set<Listener>();

export function getSyncStatus(): SyncStatus {
  return status;
}

export function updateSyncStatus(change: Partial<SyncStatus>): void {
  const next = { ...status, ...change };
  if (Object.keys(next).every((k) => next[k as keyof SyncStatus] === status[k as keyof SyncStatus])) return;
  status = next;
  for (const listener of listeners) listener();
}

export function subscribeSyncStatus(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const UNREACHABLE_MESSAGE =
  "We couldn't reach the server; your answers are safe on this device and we'll keep trying";

export const BUSY_MESSAGE =
  "The server is busy; your answers are safe on this device and will be sent in a moment";

const changes = (n: number) => (n === 1 ? "1 change" : `${n} changes`);

/** The header's words for a server problem: what happened, the server's message, what is kept. */
export function serverErrorMessage(message: string | null, pending: number): string {
  const kept = pending === 1 ? "1 change is" : `${changes(pending)} are`;
  return `The server had a problem, so ${kept} kept on this device: ${message ?? GENERIC_ERROR_MESSAGE}`;
}

function describePhase(s: SyncStatus): string {
  switch (s.phase) {
    case "local-only":
      return s.keptForSignIn > 0
        ? `Signed out — ${changes(s.keptForSignIn)} kept on this device until you sign in again`
        : "Saved on this device";
    case "sending":
      return "Syncing…";
    case "offline":
      return `Saved on this device — will sync when you're back online (${s.pending} waiting)`;
    case "unreachable":
      return `${UNREACHABLE_MESSAGE} (${s.pending} waiting)`;
    case "busy":
      return `${BUSY_MESSAGE} (${s.pending} waiting)`;
    case "server-error":
      return serverErrorMessage(s.serverMessage, s.pending);
    case "signed-out":
      return `Your session has ended — sign in again to send your changes; they are kept on this device (${s.pending} waiting)`;
    case "attention":
      return `Not saved: ${s.serverMessage ?? "the server refused the changes."}`;
    case "idle":
      return s.pending > 0 ? "Syncing…" : "All changes saved";
  }
}

/** "1 answer was not saved", or null when none was refused. */
export function describeRefused(s: SyncStatus): string | null {
  if (s.refused === 0) return null;
  return s.refused === 1 ? "1 answer was not saved" : `${s.refused} answers were not saved`;
}

/** The sentence shown for a status. Never "saved" beside answers that were refused. */
export function describeSyncStatus(s: SyncStatus): string {
  if (s.localError) return `Not saved on this device: ${s.localError}`;
  const refused = describeRefused(s);
  if (refused === null) return describePhase(s);
  if (s.phase === "idle" || s.phase === "sending") return `${refused}.`;
  const phase = describePhase(s);
  return `${phase.endsWith(".") ? phase : `${phase}.`} ${refused}.`;
}

/** What kind of news a status is, for deciding what is worth announcing. */
export type StatusClass =
  | "saved"
  | "sending"
  | "local-only"
  | "offline"
  | "unreachable"
  | "busy"
  | "server-error"
  | "signed-out"
  | "attention"
  | "refused"
  | "local-error";

export function statusClass(s: SyncStatus): StatusClass {
  if (s.localError) return "local-error";
  // A try under way is no news whatever came before it: offline with a refused answer, each
  // retry used to be heard as "1 answer was not saved" and its failure as offline again, over
  // and over (issue 37). What the try ends in is what is said.
  if (s.phase === "sending") return "sending";
  if (s.phase === "idle") {
    if (s.refused > 0) return "refused";
    return s.pending > 0 ? "sending" : "saved";
  }
  return s.phase;
}

const QUIET: ReadonlySet<StatusClass> = new Set(["saved", "sending", "local-only"]);

/**
 * Whether moving from the last announced class to `next` is worth saying aloud: a problem (or a
 * different problem) is, and so is "All changes saved" after one; the routine saving of each edit
 * ("Syncing…", "All changes saved") is not, so the header does not chatter while someone types.
 */
export function worthAnnouncing(lastAnnounced: StatusClass, next: StatusClass): boolean {
  if (next === lastAnnounced || next === "sending" || next === "local-only") return false;
  return next !== "saved" || !QUIET.has(lastAnnounced);
}
