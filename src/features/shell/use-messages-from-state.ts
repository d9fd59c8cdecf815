import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { showSuccessToast } from "../../components/toasts";

/** Messages a screen is given in navigation state (spec §2), each meant for that screen only. */
export const SCREEN_MESSAGE_KEYS = ["successMessage", "errorMessage", "noticeMessage"] as const;

/**
 * Spec §2: messages passed in navigation state are shown once, on the screen they were passed to.
 * A success message appears as a success toast that closes when the applicant leaves the screen;
 * an error or notice is read by the screen itself as it first renders (the auth cards). The history
 * entry is then replaced without them, so Back or a reload does not show them again.
 */
export function useMessagesFromState(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as Record<string, unknown> | null;
  useEffect(() => {
    if (!state || !SCREEN_MESSAGE_KEYS.some((key) => Object.hasOwn(state, key))) return;
    if (typeof state.successMessage === "string") {
      showSuccessToast(state.successMessage, { screen: location.pathname });
    }
    const rest = Object.fromEntries(
      Object.entries(state).filter(([key]) => !(SCREEN_MESSAGE_KEYS as readonly string[]).includes(key)),
    );
    navigate(location.pathname + location.search + location.hash, { replace: true, state: rest });
  }, [state, navigate, location.pathname, location.search, location.hash]);
}
