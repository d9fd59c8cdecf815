/**
 * Runs `task` when the browser is idle, at the latest after `timeoutMs` (or after `fallbackMs` where
 * there is no `requestIdleCallback`, as in Safari); returns a cancel.
 */
export function whenIdle(task: () => void, timeoutMs: number, fallbackMs: number): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, fallbackMs);
  return () => clearTimeout(handle);
}
