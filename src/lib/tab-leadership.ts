// One tab per name does a job (sending the answer queue, sending files): the one holding the Web
// Lock of that name. The others wait for it and take over when that tab closes. Without a name,
// or without Web Locks, this tab leads at once.

type Locks = Pick<LockManager, "request">;

/**
 * Calls `onLeader` once this tab holds `lockName` (unless `stopped()` by then), and keeps the lock
 * until the returned function is called.
 */
export function holdLeadership(
  lockName: string | undefined,
  stopped: () => boolean,
  onLeader: () => void,
  locks: Locks | undefined = globalThis.navigator?.locks,
): () => void {
  if (!lockName || !locks) {
    onLeader();
    return () => {};
  }
  let release = () => {};
  void locks.request(lockName, () => {
    if (stopped()) return;
    onLeader();
    return new Promise<void>((resolve) => {
      release = resolve;
    });
  });
  return () => release();
}
