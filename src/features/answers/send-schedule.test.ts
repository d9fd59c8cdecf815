import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SendSchedule } from "./send-schedule";

let fired: number[];
let schedule: SendSchedule;

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  fired = [];
  schedule = new SendSchedule(() => fired.push(Date.now()), 400, 1_000);
});

afterEach(() => {
  schedule.cancel();
  vi.useRealTimers();
});

/** One change every `everyMs` until `untilMs` (a person typing on). */
function typeOn(everyMs: number, untilMs: number) {
  while (Date.now() < untilMs) {
    schedule.changed();
    vi.advanceTimersByTime(everyMs);
  }
}

describe("when the waiting changes are sent", () => {
  it("a quiet period after the last change, so a burst of typing is one request", () => {
    schedule.changed();
    vi.advanceTimersByTime(300);
    schedule.changed();
    vi.advanceTimersByTime(399);
    expect(fired).toEqual([]);
    expect(schedule.waiting).toBe(true);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual([700]);
  });

  it("at the latest the longest wait after the first change, however long typing goes on", () => {
    typeOn(150, 5_000);
    expect(schedule.waiting).toBe(true);
    vi.advanceTimersByTime(1_000);
    // Not once, 400 ms after the typing stops (5.35 s): a second after each first change since
    // the last fire, and the rest once the typing stops.
    expect(fired).toEqual([1_000, 2_050, 3_100, 4_150, 5_200]);
    expect(schedule.waiting).toBe(false);
  });

  it("starts a new wait with the first change after everything was taken", () => {
    typeOn(150, 600);
    schedule.taken();
    expect(schedule.waiting).toBe(false);
    typeOn(150, 2_000);
    expect(fired).toEqual([1_600]);
  });

  it("retries after the backoff, and sooner when a change is made meanwhile", () => {
    schedule.retryIn(8_000);
    expect(schedule.waiting).toBe(false);
    vi.advanceTimersByTime(7_999);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual([8_000]);

    schedule.retryIn(8_000);
    vi.advanceTimersByTime(1_000);
    schedule.changed();
    vi.advanceTimersByTime(400);
    expect(fired).toEqual([8_000, 9_400]);
  });

  it("never fires once cancelled", () => {
    schedule.changed();
    schedule.cancel();
    vi.advanceTimersByTime(10_000);
    expect(fired).toEqual([]);
  });
});
