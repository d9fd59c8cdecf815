import { Workbox } from "workbox-window";
import { flushPendingWrites } from "../features/answers/pending-writes";
import { offerUpdate } from "../features/pwa/update-state";
import { reloadPage } from "../lib/page-reload";

/** How long "Reload" waits for the new version to take over before offering the prompt again. */
const TAKEOVER_TIMEOUT_MS = 10_000;
/** A page left open for long (no navigations) still hears of new versions, at most this often. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Registers sw/sw.ts (production builds only: the dev server has no precache manifest), so the
 * shell and every page's code are available offline after the first visit, and offers a waiting
 * new version to the applicant (src/features/pwa/update-prompt.tsx).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const workbox = new Workbox("/sw.js", { scope: "/" });

  // Dispatched for a new version this page saw install, and (`wasWaitingBeforeRegister`) for one
  // already waiting when the page loaded. Workbox 6+ folded the old `externalwaiting` event into
  // this one: a version found later than a minute after registration, or installed by another
  // tab, arrives here with `isExternal: true`. All of them get the same prompt.
  workbox.addEventListener("waiting", () => offerUpdate(() => activateWaitingVersion(workbox)));

  workbox.register().catch((error: unknown) => console.warn("service worker registration failed", error));

  let lastCheck = Date.now();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible" || Date.now() - lastCheck < UPDATE_CHECK_INTERVAL_MS) return;
    lastCheck = Date.now();
    // Offline or server down: the browser checks again on the next navigation.
    workbox.update().catch(() => {});
  });
}

/**
 * "Reload" in the update prompt. Nothing the applicant typed is lost on the way:
 * 1. Every local write still in flight is committed first. Answers and the sync queue live in
 *    IndexedDB, so once committed a reload cannot discard them; a send cut short by the reload
 *    stays queued and is resent after it with the same idempotency key.
 * 2. The waiting version is told to take over (SKIP_WAITING).
 * 3. The page reloads once the new version controls it (or, for a page no worker controlled yet,
 *    once it is active), after committing anything typed in the meantime.
 */
async function activateWaitingVersion(workbox: Workbox): Promise<void> {
  await flushPendingWrites();
  const registration = await navigator.serviceWorker.getRegistration("/");
  const waiting = registration?.waiting;
  if (waiting) {
    await new Promise<void>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        workbox.removeEventListener("controlling", done);
        waiting.removeEventListener("statechange", onStateChange);
        resolve();
      };
      const onStateChange = () => {
        if (waiting.state === "activated" && !navigator.serviceWorker.controller) done();
      };
      const timer = setTimeout(() => {
        workbox.removeEventListener("controlling", done);
        waiting.removeEventListener("statechange", onStateChange);
        reject(new Error("the new version did not take over"));
      }, TAKEOVER_TIMEOUT_MS);
      workbox.addEventListener("controlling", done);
      waiting.addEventListener("statechange", onStateChange);
      workbox.messageSkipWaiting();
    });
  }
  // No waiting worker any more: another tab already let the new version take over.
  await reloadPage();
}
