import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { debounce } from "./debounce";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("debounce with a maximum wait (lookups: 200 ms, at most 500 ms)", () => {
  it("calls once, with the latest arguments, after calls pause", () => {
    const fn = vi.fn();
    const search = debounce(fn, 200, 500);
    search("a");
    vi.advanceTimersByTime(100);
    search("ab");
    vi.advanceTimersByTime(199);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith("ab");
  });

  it("still calls every 500 ms while calls keep coming faster than 200 ms", () => {
    const fn = vi.fn();
    const search = debounce(fn, 200, 500);
    let text = "";
    for (let t = 0; t < 1000; t += 100) {
      text += "x";
      search(text);
      vi.advanceTimersByTime(100);
    }
    // Fired at 500 ms and 1000 ms despite no pause of 200 ms.
    expect(fn).toHaveBeenCalledTimes(2);
    expect(fn.mock.calls[0]?.[0]).toBe("xxxxx");
  });

  it("cancel drops a pending call", () => {
    const fn = vi.fn();
    const search = debounce(fn, 200, 500);
    search("a");
    search.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
  });
});
