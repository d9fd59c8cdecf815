// @vitest-environment jsdom
import { renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { whenIdle } from "../../lib/when-idle";
import { useProgressiveCount } from "./use-progressive-count";

/** Renders the hook, logging each new count (and what `prepare` is asked) in order. */
function logged(
  total: number,
  {
    prepare,
    step = 1,
    clock,
  }: { prepare?: (unit: number) => boolean; step?: number; clock?: () => number } = {},
) {
  const log: string[] = [];
  const asking = prepare
    ? (unit: number) => {
        log.push(`ready ${unit}?`);
        return prepare(unit);
      }
    : undefined;
  const { result } = renderHook(() => {
    const count = useProgressiveCount(total, {
      initial: 1,
      all: false,
      step,
      ...(asking ? { prepare: asking } : {}),
      ...(clock ? { clock } : {}),
    });
    if (log.at(-1) !== `count ${count}`) log.push(`count ${count}`);
    return count;
  });
  return { log, result };
}

describe("progressive rendering's count", () => {
  it("renders the first unit at once and one more per idle moment, up to all of them", async () => {
    // Each step takes 10 ms (the clock is read as the page renders and as the step commits): within
    // its budget, but not in half of it, so steps stay at one unit.
    let now = 0;
    const { log, result } = logged(3, { clock: () => (now += 10) });
    expect(result.current).toBe(1);
    await waitFor(() => expect(result.current).toBe(3));
    expect(log.filter((entry) => entry.startsWith("count"))).toEqual(["count 1", "count 2", "count 3"]);
  });

  it("waits while the unit it would render next is being readied, then renders it", async () => {
    // Unit 1 needs two idle moments of its own (a module to load, then data to warm).
    let work = 2;
    const { log, result } = logged(3, {
      prepare: (unit) => {
        if (unit !== 1 || work === 0) return false;
        work -= 1;
        return true;
      },
    });
    await waitFor(() => expect(result.current).toBe(3));
    expect(log).toEqual(["count 1", "ready 1?", "ready 1?", "ready 1?", "count 2", "ready 2?", "count 3"]);
  });

  it("renders the ready units of a step now, and stops before one still being readied", async () => {
    // Steps of four; unit 3's code is loading for two idle moments (a college's transcript question
    // after its credits): units 1 and 2 need not wait for it.
    let loading = 2;
    const { log, result } = logged(6, {
      step: 4,
      prepare: (unit) => {
        if (unit !== 3 || loading === 0) return false;
        loading -= 1;
        return true;
      },
    });
    await waitFor(() => expect(result.current).toBe(6));
    expect(log.filter((entry) => entry.startsWith("count"))).toEqual(["count 1", "count 3", "count 6"]);
    expect(log.slice(0, 7)).toEqual([
      "count 1",
      "ready 1?",
      "ready 2?",
      "ready 3?",
      "count 3",
      "ready 3?",
      "ready 3?",
    ]);
  });

  it("renders more units a step where steps are quick, fewer where they are slow", async () => {
    // A fast device: 1 ms from a step's render to its commit.
    let now = 0;
    const fast = logged(40, { clock: () => (now += 1) });
    await waitFor(() => expect(fast.result.current).toBe(40));
    expect(fast.log.filter((entry) => entry.startsWith("count"))).toEqual([
      "count 1",
      "count 2",
      "count 4",
      "count 8",
      "count 16",
      "count 24",
      "count 32",
      "count 40",
    ]);

    // A slow one: 15 ms a step, over its budget. Steps of four become two, then one.
    const slow = logged(9, { step: 4, clock: () => (now += 15) });
    await waitFor(() => expect(slow.result.current).toBe(9));
    expect(slow.log.filter((entry) => entry.startsWith("count"))).toEqual([
      "count 1",
      "count 5",
      "count 7",
      "count 8",
      "count 9",
    ]);
  });

  it("renders everything at once for a fragment link, without readying anything", () => {
    const asked: number[] = [];
    const { result } = renderHook(() =>
      useProgressiveCount(5, {
        initial: 1,
        all: true,
        prepare: (unit) => {
          asked.push(unit);
          return true;
        },
      }),
    );
    expect(result.current).toBe(5);
    expect(asked).toEqual([]);
  });

  it("takes no step while paused (the rest not needed yet), and goes on once it is not", async () => {
    const { result, rerender } = renderHook(
      ({ paused }) => useProgressiveCount(4, { initial: 1, all: false, paused }),
      {
        initialProps: { paused: true },
      },
    );
    // Several idle moments pass (the same ones a step waits for): the count stays.
    for (let moment = 0; moment < 3; moment++) await new Promise<void>((done) => whenIdle(done, 100, 16));
    expect(result.current).toBe(1);
    rerender({ paused: false });
    await waitFor(() => expect(result.current).toBe(4));
  });
});
