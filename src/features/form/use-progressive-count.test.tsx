// @vitest-environment jsdom
import { renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useProgressiveCount } from "./use-progressive-count";

/** Renders the hook, logging each new count (and what `prepare` is asked) in order. */
function logged(total: number, prepare?: (unit: number) => boolean) {
  const log: string[] = [];
  const asking = prepare
    ? (unit: number) => {
        log.push(`ready ${unit}?`);
        return prepare(unit);
      }
    : undefined;
  const { result } = renderHook(() => {
    const count = useProgressiveCount(total, 1, false, 1, asking);
    if (log.at(-1) !== `count ${count}`) log.push(`count ${count}`);
    return count;
  });
  return { log, result };
}

describe("progressive rendering's count", () => {
  it("renders the first unit at once and one more per idle moment, up to all of them", async () => {
    const { log, result } = logged(3);
    expect(result.current).toBe(1);
    await waitFor(() => expect(result.current).toBe(3));
    expect(log.filter((entry) => entry.startsWith("count"))).toEqual(["count 1", "count 2", "count 3"]);
  });

  it("waits while the unit it would render next is being readied, then renders it", async () => {
    // Unit 1 needs two idle moments of its own (a module to load, then data to warm).
    let work = 2;
    const { log, result } = logged(3, (unit) => {
      if (unit !== 1 || work === 0) return false;
      work -= 1;
      return true;
    });
    await waitFor(() => expect(result.current).toBe(3));
    expect(log).toEqual(["count 1", "ready 1?", "ready 1?", "ready 1?", "count 2", "ready 2?", "count 3"]);
  });

  it("renders everything at once for a fragment link, without readying anything", () => {
    const asked: number[] = [];
    const { result } = renderHook(() =>
      useProgressiveCount(5, 1, true, 1, (unit) => {
        asked.push(unit);
        return true;
      }),
    );
    expect(result.current).toBe(5);
    expect(asked).toEqual([]);
  });
});
