/**
 * Work the app's start needs whose first time in a page is slow: each is done here in a task of
 * its own before the app needs it (src/main.tsx), rather than inside a longer task, where it made
 * that task a long one (issue 15).
 */
export const WARM_UPS: readonly (() => void)[] = [
  // react-router reads its view transitions from sessionStorage when it is created; a page's first
  // read of the storage waits for the browser process (24 ms seen on a first visit's trace).
  () => {
    try {
      void window.sessionStorage.length;
    } catch {
      // Storage refused (a sandbox, a privacy setting): react-router copes with that itself.
    }
  },
  // react-router numbers the history entry it starts on (`idx` 0 in its state) when it is created,
  // by `history.replaceState`, a synchronous request to the browser process (12 ms seen): done here
  // in the same way, so that the router finds the entry numbered.
  () => {
    const state: unknown = window.history.state;
    if (state !== null && typeof state === "object" && "idx" in state && state.idx != null) return;
    window.history.replaceState({ ...(state as object | null), idx: 0 }, "");
  },
];
