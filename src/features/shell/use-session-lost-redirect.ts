import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { UNAUTHORIZED_MESSAGE } from "../../shared/messages";
import { useSyncStatus } from "../answers/use-sync-status";
import { logOut } from "../session/log-out";

/**
 * Spec §8: when the server refuses the session (the sync worker got a 401), go to /login with the
 * catalogue's message. Queued answers stay on the device under the username and are sent after
 * the same user signs in again.
 */
export function useSessionLostRedirect(username: string | null): void {
  const { phase } = useSyncStatus();
  const navigate = useNavigate();
  useEffect(() => {
    if (phase !== "signed-out") return;
    void logOut().then(() => navigate("/login", { state: { errorMessage: UNAUTHORIZED_MESSAGE, username } }));
  }, [phase, username, navigate]);
}
