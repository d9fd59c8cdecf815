// What the header tells the applicant about their changes. One small observable, fed by the
// answer store (local writes) and the sync worker (server sends).

export type SyncPhase =
  /** Anonymous: answers stay on this device. */
  | "local-only"
  | "idle"
  | "sending"
  /** No network or the server is failing: changes wait on the device and are retried. */
  | "waiting"
  /** The server refused the session: changes wait until the same user signs in again. */
  | "signed-out"
  /** The server refused a change as invalid: the user must look at it. */
  | "attention";

export type SyncStatus = {
  phase: SyncPhase;
  /** Changes on this device not yet confirmed by the server. */
  pending: number;
  /** Set when the device itself could not store a change (e.g. storage full). */
  localError: string | null;
  /** The server's message for a refused change. */
  serverMessage: string | null;
  /** Whether the browser promised to keep this site's storage (null: not asked yet). */
  persistent: boolean | null;
};

type Listener = () => void;

let status: SyncStatus = {
  phase: "local-only",
  pending: 0,
  localError: null,
  serverMessage: null,
  persistent: null,
};
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

/** The sentence shown and announced for a status. */
export function describeSyncStatus(s: SyncStatus): string {
  if (s.localError) return `Not saved on this device: ${s.localError}`;
  switch (s.phase) {
    case "local-only":
      return "Saved on this device";
    case "sending":
      return "Syncing…";
    case "waiting":
      return `Saved on this device — will sync when you're back online (${s.pending} waiting)`;
    case "signed-out":
      return `Saved on this device — sign in again to sync (${s.pending} waiting)`;
    case "attention":
      return "Some changes need attention";
    case "idle":
      return s.pending > 0 ? "Syncing…" : "All changes saved";
  }
}
