/**
 * Lazily split modules that should be in memory soon, but not at the first screen's expense: they
 * load when the browser is idle after the first page has rendered, so they are there before the
 * network can go away (a first visit may go offline before the service worker controls it).
 */
import { whenIdle } from "./when-idle";

const waiting: (() => Promise<unknown>)[] = [];
let shown = false;

export function preloadWhenIdle(load: () => Promise<unknown>): void {
  if (shown) schedule(load);
  else waiting.push(load);
}

/** Called once a page has rendered: starts the preloads registered so far. */
export function firstScreenShown(): void {
  if (shown) return;
  shown = true;
  for (const load of waiting.splice(0)) schedule(load);
}

function schedule(load: () => Promise<unknown>): void {
  if (typeof window === "undefined") return;
  whenIdle(() => void load().catch(() => {}), 3_000, 1_500);
}
