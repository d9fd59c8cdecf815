/**
 * The page reloaded for the app's own reasons: a part the browser keeps failed (load-part.ts), a
 * new version taking over (register-service-worker.ts). Such a reload must not cut off what the
 * page is in the middle of, nor drop what its screen was saying. At load 25's share (issue 31) a
 * lost part's reload came while a session that had ended was being signed out, and the page
 * opened as a visitor's; or it came on /login after "You have been signed out…" had been shown and
 * taken out of the history entry, and the reloaded screen said nothing.
 */

import { flushPendingWrites } from "../features/answers/pending-writes";

const holds = new Set<Promise<void>>();
const preparations = new Set<() => void>();

/** Reloads wait until `work` has settled; `work` is returned as it is. */
export function holdReloadsUntil<T>(work: Promise<T>): Promise<T> {
  const settled: Promise<void> = work.then(
    () => {
      holds.delete(settled);
    },
    () => {
      holds.delete(settled);
    },
  );
  holds.add(settled);
  return work;
}

/** Runs `prepare` just before the app reloads the page; returns a function that stops it. */
export function beforeReload(prepare: () => void): () => void {
  preparations.add(prepare);
  return () => {
    preparations.delete(prepare);
  };
}

/**
 * Reloads the page once the work held (holdReloadsUntil) has settled and the answers being written
 * to the device are written, each preparation (beforeReload) made just before.
 */
export async function reloadPage(): Promise<void> {
  while (holds.size > 0) await Promise.all([...holds]);
  await flushPendingWrites();
  for (const prepare of preparations) {
    try {
      prepare();
    } catch {
      // A preparation that fails must not keep the page from reloading.
    }
  }
  window.location.reload();
}
