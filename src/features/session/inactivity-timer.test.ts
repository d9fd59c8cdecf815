import { beforeEach, describe, expect, it } from "vitest";
import { ACTIVITY_THROTTLE_MS, IDLE_TIMEOUT_MS, IDLE_WARNING_MS } from "../../shared/constants";
import { InactivityTimer } from "./inactivity-timer";

const MINUTE = 60_000;
const WARN_AT = IDLE_TIMEOUT_MS - IDLE_WARNING_MS;

/** A clock the test moves by hand. `sleep` moves it without firing timers, like a closed laptop lid. */
class FakeClock {
  time = 1_700_000_000_000;
  private nextId = 1;
  private timers = new Map<number, { at: number; callback: () => void }>();

  now = () => this.time;

  setTimeout = (callback: () => void, ms: number) => {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + ms, callback });
    return id as unknown as ReturnType<typeof setTimeout>;
  };

  clearTimeout = (handle: ReturnType<typeof setTimeout>) => {
    this.timers.delete(handle as unknown as number);
  };

  get pending(): number {
    return this.timers.size;
  }

  /** Moves time forward by `ms`, firing every timer that falls due, in order. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      let next: [number, { at: number; callback: () => void }] | undefined;
      for (const entry of this.timers) if (!next || entry[1].at < next[1].at) next = entry;
      if (!next || next[1].at > end) break;
      this.timers.delete(next[0]);
      this.time = Math.max(this.time, next[1].at);
      next[1].callback();
    }
    this.time = end;
  }

  sleep(ms: number): void {
    this.time += ms;
  }
}

describe("InactivityTimer", () => {
  let clock: FakeClock;
  let warnings: number;
  let logouts: number;
  let timer: InactivityTimer;

  beforeEach(() => {
    clock = new FakeClock();
    warnings = 0;
    logouts = 0;
    timer = new InactivityTimer({
      onWarn: () => warnings++,
      onLogout: () => logouts++,
      now: clock.now,
      setTimeout: clock.setTimeout,
      clearTimeout: clock.clearTimeout,
    });
  });

  it("uses the spec's 15-minute timeout with a 1-minute warning, throttled at 200 ms", () => {
    expect(IDLE_TIMEOUT_MS).toBe(15 * MINUTE);
    expect(IDLE_WARNING_MS).toBe(MINUTE);
    expect(ACTIVITY_THROTTLE_MS).toBe(200);
  });

  it("warns at exactly 14 minutes idle, not before", () => {
    timer.start();
    clock.advance(WARN_AT - 1);
    expect(warnings).toBe(0);
    expect(timer.state).toBe("active");
    clock.advance(1);
    expect(warnings).toBe(1);
    expect(timer.state).toBe("warning");
    expect(logouts).toBe(0);
  });

  it("logs out at 15 minutes idle, after the 1-minute warning", () => {
    timer.start();
    clock.advance(IDLE_TIMEOUT_MS - 1);
    expect(warnings).toBe(1);
    expect(logouts).toBe(0);
    clock.advance(1);
    expect(logouts).toBe(1);
    expect(timer.state).toBe("stopped");
    expect(clock.pending).toBe(0);
    clock.advance(60 * MINUTE);
    expect(warnings).toBe(1);
    expect(logouts).toBe(1);
  });

  it("Continue resets the timer: the next warning is 14 minutes later", () => {
    timer.start();
    clock.advance(WARN_AT + 30_000);
    expect(warnings).toBe(1);
    timer.continue();
    expect(timer.state).toBe("active");
    clock.advance(WARN_AT - 1);
    expect(warnings).toBe(1);
    expect(logouts).toBe(0);
    clock.advance(1);
    expect(warnings).toBe(2);
    clock.advance(IDLE_WARNING_MS);
    expect(logouts).toBe(1);
  });

  it("activity resets the idle time while no warning shows", () => {
    timer.start();
    clock.advance(10 * MINUTE);
    timer.activity();
    clock.advance(WARN_AT - 1);
    expect(warnings).toBe(0);
    clock.advance(1);
    expect(warnings).toBe(1);
  });

  it("activity during the warning neither dismisses it nor postpones the logout", () => {
    timer.start();
    clock.advance(WARN_AT);
    expect(warnings).toBe(1);
    clock.advance(30_000);
    timer.activity();
    clock.advance(ACTIVITY_THROTTLE_MS);
    timer.activity();
    expect(timer.state).toBe("warning");
    clock.advance(IDLE_WARNING_MS - 30_000 - ACTIVITY_THROTTLE_MS - 1);
    expect(logouts).toBe(0);
    clock.advance(1);
    expect(logouts).toBe(1);
    expect(warnings).toBe(1);
  });

  it("activity 15 minutes or more after the last one logs out instead of resetting (timers never fired)", () => {
    timer.start();
    clock.sleep(IDLE_TIMEOUT_MS);
    timer.activity();
    expect(logouts).toBe(1);
    expect(warnings).toBe(0);
    expect(timer.state).toBe("stopped");
  });

  it("activity just under 15 minutes after the last one still resets", () => {
    timer.start();
    clock.sleep(IDLE_TIMEOUT_MS - 1);
    timer.activity();
    expect(logouts).toBe(0);
    clock.advance(WARN_AT - 1);
    expect(warnings).toBe(0);
    expect(logouts).toBe(0);
  });

  it("Continue pressed after the idle time ran out logs out", () => {
    timer.start();
    clock.advance(WARN_AT);
    clock.sleep(IDLE_WARNING_MS);
    timer.continue();
    expect(logouts).toBe(1);
  });

  it("checkElapsed logs out, or warns, from wall time when timers were held back", () => {
    timer.start();
    clock.sleep(IDLE_TIMEOUT_MS + 5 * MINUTE);
    timer.checkElapsed();
    expect(logouts).toBe(1);
    expect(warnings).toBe(0);

    const other = new InactivityTimer({
      onWarn: () => warnings++,
      onLogout: () => logouts++,
      now: clock.now,
      setTimeout: clock.setTimeout,
      clearTimeout: clock.clearTimeout,
    });
    other.start();
    clock.sleep(WARN_AT + 10_000);
    other.checkElapsed();
    expect(warnings).toBe(1);
    expect(other.state).toBe("warning");
    // The logout still comes 15 minutes after the last activity, not a full minute after the warning.
    clock.advance(IDLE_WARNING_MS - 10_000 - 1);
    expect(logouts).toBe(1);
    clock.advance(1);
    expect(logouts).toBe(2);
  });

  it("checkElapsed does nothing early", () => {
    timer.start();
    clock.advance(5 * MINUTE);
    timer.checkElapsed();
    expect(warnings).toBe(0);
    clock.advance(WARN_AT - 5 * MINUTE);
    expect(warnings).toBe(1);
  });

  it("a timer that fires late logs out straight away when the whole timeout has passed", () => {
    timer.start();
    // The warn timer is due at 14 minutes but the tab was frozen until 16.
    clock.sleep(16 * MINUTE);
    clock.advance(0);
    expect(warnings).toBe(0);
    expect(logouts).toBe(1);
  });

  it("throttles activity: many events within 200 ms count once", () => {
    timer.start();
    clock.advance(5 * MINUTE);
    const counted = clock.time;
    timer.activity(); // counted: idle time restarts here
    for (let i = 0; i < 10; i++) {
      clock.advance(19);
      timer.activity(); // within 200 ms of the counted one: dropped
    }
    // Had any dropped event counted, the warning would come up to 190 ms later than this.
    clock.advance(counted + WARN_AT - 1 - clock.time);
    expect(warnings).toBe(0);
    clock.advance(1);
    expect(warnings).toBe(1);
  });

  it("counts the next event once 200 ms have passed", () => {
    timer.start();
    clock.advance(MINUTE);
    timer.activity(); // counted at 1:00.000
    clock.advance(ACTIVITY_THROTTLE_MS - 1);
    timer.activity(); // dropped
    clock.advance(1);
    timer.activity(); // counted at 1:00.200
    clock.advance(WARN_AT - 1);
    expect(warnings).toBe(0);
    clock.advance(1);
    expect(warnings).toBe(1);
  });

  it("stop() cancels every pending timer and ignores later calls", () => {
    timer.start();
    clock.advance(WARN_AT);
    expect(warnings).toBe(1);
    timer.stop();
    expect(timer.state).toBe("stopped");
    expect(clock.pending).toBe(0);
    clock.advance(60 * MINUTE);
    timer.activity();
    timer.continue();
    timer.checkElapsed();
    clock.advance(60 * MINUTE);
    expect(warnings).toBe(1);
    expect(logouts).toBe(0);
  });

  it("start() after stop() counts from the new start", () => {
    timer.start();
    clock.advance(10 * MINUTE);
    timer.stop();
    clock.advance(10 * MINUTE);
    timer.start();
    clock.advance(WARN_AT - 1);
    expect(warnings).toBe(0);
    clock.advance(1);
    expect(warnings).toBe(1);
  });
});
