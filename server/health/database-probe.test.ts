import { describe, expect, it } from "vitest";
import { DatabaseProbe, HEALTH_FRESH_MS } from "./database-probe";

/** A check the test answers by hand, counting how often it was started. */
function manualCheck() {
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  return {
    pending,
    check: () =>
      new Promise<void>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  };
}

function manualClock(start = 1_000_000) {
  let now = start;
  return {
    clock: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe("DatabaseProbe", () => {
  it("gives concurrent probes one check, and all of them its answer", async () => {
    const { pending, check } = manualCheck();
    const probe = new DatabaseProbe(check, manualClock().clock);
    const probes = Array.from({ length: 5 }, () => probe.ready());
    expect(pending).toHaveLength(1);
    pending[0]?.resolve();
    await expect(Promise.all(probes)).resolves.toHaveLength(5);
  });

  it("reuses a success for probes within the window from the check's start, then checks again", async () => {
    const { pending, check } = manualCheck();
    const time = manualClock();
    const probe = new DatabaseProbe(check, time.clock);
    const first = probe.ready();
    time.advance(300); // the check took 300 ms: the window counts from its start
    pending[0]?.resolve();
    await first;
    time.advance(HEALTH_FRESH_MS - 301);
    await probe.ready();
    expect(pending).toHaveLength(1);
    time.advance(1);
    const next = probe.ready();
    expect(pending).toHaveLength(2);
    pending[1]?.resolve();
    await next;
  });

  it("never reuses a failure: the probes that shared it fail, the next probe checks again", async () => {
    const { pending, check } = manualCheck();
    const probe = new DatabaseProbe(check, manualClock().clock);
    const shared = [probe.ready(), probe.ready()];
    pending[0]?.reject(new Error("connection refused"));
    for (const failed of shared) await expect(failed).rejects.toThrow("connection refused");
    const next = probe.ready();
    expect(pending).toHaveLength(2);
    pending[1]?.resolve();
    await next;
  });

  it("forgets a success once a later check failed", async () => {
    const { pending, check } = manualCheck();
    const time = manualClock();
    const probe = new DatabaseProbe(check, time.clock);
    const ok = probe.ready();
    pending[0]?.resolve();
    await ok;
    time.advance(HEALTH_FRESH_MS);
    const failed = probe.ready();
    pending[1]?.reject(new Error("down"));
    await expect(failed).rejects.toThrow("down");
    // Even with the clock moved back into the old window, the old success is gone.
    time.advance(-HEALTH_FRESH_MS);
    const again = probe.ready();
    expect(pending).toHaveLength(3);
    pending[2]?.resolve();
    await again;
  });

  it("does not stretch the window when the clock moves backwards", async () => {
    const { pending, check } = manualCheck();
    const time = manualClock();
    const probe = new DatabaseProbe(check, time.clock);
    const ok = probe.ready();
    pending[0]?.resolve();
    await ok;
    time.advance(-1);
    const after = probe.ready();
    expect(pending).toHaveLength(2);
    pending[1]?.resolve();
    await after;
  });
});
