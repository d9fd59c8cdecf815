import { describeSyncStatus } from "../answers/sync-status";
import { useSyncStatus } from "../answers/use-sync-status";

/** The header's save state, announced politely whenever it changes. */
export function SyncStatusIndicator() {
  const status = useSyncStatus();
  const problem = status.localError !== null || status.phase === "attention";
  return (
    <p className={`sync-status${problem ? " sync-status--problem" : ""}`} role="status" aria-live="polite">
      <span
        className={`sync-status__dot sync-status__dot--${problem ? "problem" : status.phase}`}
        aria-hidden="true"
      />
      {describeSyncStatus(status)}
      {status.persistent === false && status.phase === "local-only" ? (
        <span className="sync-status__note">
          {" "}
          (this browser may clear it if the device runs out of space: create an account to keep it safe)
        </span>
      ) : null}
    </p>
  );
}
