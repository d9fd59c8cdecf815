import { describe, expect, it, vi } from "vitest";
import { holdLeadership } from "./tab-leadership";

/** A lock manager that grants each name to one holder at a time, in order of request. */
function fakeLocks() {
  const queues = new Map<string, (() => void)[]>();
  const request = (name: string, callback: () => Promise<void> | undefined) => {
    const granted = new Promise<void>((grant) => {
      const queue = queues.get(name) ?? [];
      queue.push(grant);
      queues.set(name, queue);
      if (queue.length === 1) grant();
    }).then(async () => {
      await callback();
      const queue = queues.get(name) ?? [];
      queue.shift();
      queue[0]?.();
    });
    return granted as Promise<unknown>;
  };
  return { request } as unknown as Pick<LockManager, "request">;
}

describe("holdLeadership", () => {
  it("leads at once without a lock name or without Web Locks", () => {
    const onLeader = vi.fn();
    holdLeadership(undefined, () => false, onLeader, fakeLocks());
    holdLeadership("queue", () => false, onLeader, undefined);
    expect(onLeader).toHaveBeenCalledTimes(2);
  });

  it("lets one holder of a name lead, and the next once the first lets go", async () => {
    const locks = fakeLocks();
    const first = vi.fn();
    const second = vi.fn();
    const releaseFirst = holdLeadership("queue", () => false, first, locks);
    holdLeadership("queue", () => false, second, locks);
    await vi.waitFor(() => expect(first).toHaveBeenCalledOnce());
    expect(second).not.toHaveBeenCalled();
    releaseFirst();
    await vi.waitFor(() => expect(second).toHaveBeenCalledOnce());
  });

  it("does not lead when stopped before the lock is granted, and passes the lock on", async () => {
    const locks = fakeLocks();
    const first = vi.fn();
    const releaseFirst = holdLeadership("queue", () => false, first, locks);
    await vi.waitFor(() => expect(first).toHaveBeenCalledOnce());
    const stoppedOne = vi.fn();
    holdLeadership("queue", () => true, stoppedOne, locks);
    const third = vi.fn();
    holdLeadership("queue", () => false, third, locks);
    releaseFirst();
    await vi.waitFor(() => expect(third).toHaveBeenCalledOnce());
    expect(stoppedOne).not.toHaveBeenCalled();
  });
});
