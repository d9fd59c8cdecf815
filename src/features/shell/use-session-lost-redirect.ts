import { useEffect, useSyncExternalStore } from "react";
import { useNavigate } from "react-router-dom";
import { holdReloadsUntil } from "../../lib/page-reload";
import { SIGNED_OUT_MESSAGE } from "../../shared/messages";
import { getSyncStatus, subscribeSyncStatus } from "../answers/sync-status";
import { signOutHere } from "../session/sign-out-here";

/** Beside "Your session is invalid…": the changes are not lost, and how they get sent. */
export function keptChangesMessage(kept: number): string {
  const changes = kept === 1 ? "1 change" : `${kept} changes`;
  return `Your answers are kept on this device: ${changes} will be sent when you sign in again.`;
}

/** What /login is given when a session ended: the catalogue's message, the username, what is kept. */
export function signedOutState(username: string | null, kept: number): Record<string, unknown> {
  const notice = kept > 0 ? { noticeMessage: keptChangesMessage(kept) } : {};
  return { errorMessage: SIGNED_OUT_MESSAGE, ...(username === null ? {} : { username }), ...notice };
}

/**
 * Spec §8: when the server refuses the session (the sync worker got a 401), go to /login with the
 * catalogue's message, and say that nothing was lost: queued answers stay on the device under the
 * username and are sent after the same user signs in again.
 *
 * It reads only whether the session ended: the layout that calls it re-renders when that changes,
 * not at every change of the header's status (issue 34: each one re-rendered the whole form page).
 * A reload the app makes meanwhile (a lost part's) waits until /login is reached: between the
 * device forgetting the session and the navigation, the reloaded page would open as a visitor's.
 */
export function useSessionLostRedirect(username: string | null): void {
  const signedOut = useSyncExternalStore(subscribeSyncStatus, sessionEnded);
  const navigate = useNavigate();
  useEffect(() => {
    if (!signedOut) return;
    void holdReloadsUntil(
      signOutHere().then(() =>
        navigate("/login", { state: signedOutState(username, getSyncStatus().keptForSignIn) }),
      ),
    );
  }, [signedOut, username, navigate]);
}

const sessionEnded = () => getSyncStatus().phase === "signed-out";
