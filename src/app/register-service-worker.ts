import { Workbox } from "workbox-window";

/**
 * Registers sw/sw.ts (production builds only: the dev server has no precache manifest), so the
 * shell and every page's code are available offline after the first visit.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const workbox = new Workbox("/sw.js", { scope: "/" });
  workbox.register().catch((error: unknown) => console.warn("service worker registration failed", error));
}
