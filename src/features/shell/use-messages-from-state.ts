import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { showSuccessToast } from "../../components/toasts";
import { beforeReload } from "../../lib/page-reload";

/** Messages a screen is given in navigation state (spec §2), each meant for that screen only. */
export const SCREEN_MESSAGE_KEYS = ["successMessage", "errorMessage", "noticeMessage"] as const;

/**
 * Spec §2: messages passed in navigation state are shown once, on the screen they were passed to.
 * A success message appears as a success toast that closes when the applicant leaves the screen;
 * an error or notice is read by the screen itself as it first renders (the auth cards). The history
 * entry is then replaced without them, so Back or a reload does not show them again; a reload the
 * app makes itself (page-reload.ts) gives them back to the screen that was showing them.
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
    const isMessage = ([key]: [string, unknown]) => (SCREEN_MESSAGE_KEYS as readonly string[]).includes(key);
    const entries = Object.entries(state);
    const rest = Object.fromEntries(entries.filter((entry) => !isMessage(entry)));
    keepForReload(Object.fromEntries(entries.filter(isMessage)));
    navigate(location.pathname + location.search + location.hash, { replace: true, state: rest });
  }, [state, navigate, location.pathname, location.search, location.hash]);
}

/** The history entry that last had its messages taken out, and those messages. */
let lastShown: { entry: unknown; url: string; messages: Record<string, unknown> } | null = null;
let restoresOnReload = false;

/** React Router keeps a location's state under `usr`, and the entry's place in history as `idx`. */
type HistoryEntry = { usr?: Record<string, unknown> | null; idx?: unknown };
const currentUrl = () => window.location.pathname + window.location.search + window.location.hash;

function keepForReload(messages: Record<string, unknown>): void {
  const entry = (window.history.state as HistoryEntry | null)?.idx;
  lastShown = { entry, url: currentUrl(), messages };
  if (restoresOnReload) return;
  restoresOnReload = true;
  beforeReload(() => {
    const state = window.history.state as HistoryEntry | null;
    // Only to the entry that showed them: not after the applicant went on to another screen.
    if (!lastShown || !state || state.idx !== lastShown.entry || currentUrl() !== lastShown.url) return;
    window.history.replaceState({ ...state, usr: { ...(state.usr ?? {}), ...lastShown.messages } }, "");
  });
}
