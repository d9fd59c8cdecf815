/**
 * Loads a lazily split module once the browser is idle after start-up. The first screen does not
 * wait for it, yet it is in memory before the network can go away (a first visit may go offline
 * before the service worker has taken control).
 */
export function preloadWhenIdle(load: () => Promise<unknown>): void {
  if (typeof window === "undefined") return;
  const run = () => void load().catch(() => {});
  if ("requestIdleCallback" in window) window.requestIdleCallback(run, { timeout: 3_000 });
  else setTimeout(run, 1_500);
}
