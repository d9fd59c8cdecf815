// Local writes still on their way to IndexedDB. Anything that must not cut a write short (the
// app-update reload above all) waits for them first: a write that has committed survives any
// reload, one still in flight might not.

const inFlight = new Set<Promise<unknown>>();

/** Registers a local write; returns the same promise, so a caller can wrap it in place. */
export function trackWrite<T>(write: Promise<T>): Promise<T> {
  inFlight.add(write);
  const forget = () => {
    inFlight.delete(write);
  };
  // Handling the rejection here only removes the entry; the caller still sees the failure.
  write.then(forget, forget);
  return write;
}

/** How many tracked writes have not settled yet. */
export function pendingWriteCount(): number {
  return inFlight.size;
}

/**
 * Resolves once every tracked write has settled, including writes started while waiting. It never
 * rejects: a failed write is reported by whoever made it, and waiting longer would not save it.
 */
export async function flushPendingWrites(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}
