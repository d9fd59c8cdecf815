// Spec §4 "Inactivity" as a framework-free state machine: after IDLE_TIMEOUT_MS - IDLE_WARNING_MS
// without activity it warns; IDLE_WARNING_MS later it logs out. Timers only say when to look again:
// every decision is taken from wall-clock time since the last activity, because a sleeping laptop or
// a throttled background tab fires timers late or never.
import { ACTIVITY_THROTTLE_MS, IDLE_TIMEOUT_MS, IDLE_WARNING_MS } from "../../shared/constants";

type TimerHandle = ReturnType<typeof setTimeout>;

export type InactivityTimerOptions = {
  /** The warning is due: show "Still working?". Called once per warning. */
  onWarn: () => void;
  /** Idle for IDLE_TIMEOUT_MS or more: log out. Called once; the timer is stopped by then. */
  onLogout: () => void;
  now?: () => number;
  setTimeout?: (callback: () => void, ms: number) => TimerHandle;
  clearTimeout?: (handle: TimerHandle) => void;
  timeoutMs?: number;
  warningMs?: number;
  throttleMs?: number;
};

export type InactivityPhase = "stopped" | "active" | "warning";

export class InactivityTimer {
  private readonly onWarn: () => void;
  private readonly onLogout: () => void;
  private readonly now: () => number;
  private readonly setTimer: (callback: () => void, ms: number) => TimerHandle;
  private readonly clearTimer: (handle: TimerHandle) => void;
  private readonly timeoutMs: number;
  private readonly warnAfterMs: number;
  private readonly throttleMs: number;

  private phase: InactivityPhase = "stopped";
  private lastActivityAt = 0;
  /** When an activity event was last looked at; events closer together than throttleMs are dropped. */
  private lastEventAt = Number.NEGATIVE_INFINITY;
  private handle: TimerHandle | undefined;

  constructor(options: InactivityTimerOptions) {
    this.onWarn = options.onWarn;
    this.onLogout = options.onLogout;
    this.now = options.now ?? (() => Date.now());
    this.setTimer = options.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms));
    this.clearTimer = options.clearTimeout ?? ((handle) => globalThis.clearTimeout(handle));
    this.timeoutMs = options.timeoutMs ?? IDLE_TIMEOUT_MS;
    this.warnAfterMs = this.timeoutMs - (options.warningMs ?? IDLE_WARNING_MS);
    this.throttleMs = options.throttleMs ?? ACTIVITY_THROTTLE_MS;
  }

  get state(): InactivityPhase {
    return this.phase;
  }

  /** Starts (or restarts) counting idle time from now. */
  start(): void {
    this.phase = "active";
    this.lastEventAt = Number.NEGATIVE_INFINITY;
    this.resetFrom(this.now());
  }

  /**
   * A user activity event. Resets the idle time unless the warning is showing (only Continue ends
   * it) or the idle time has already run out, in which case it logs out (e.g. a laptop lid reopened).
   */
  activity(): void {
    if (this.phase === "stopped") return;
    const now = this.now();
    if (now - this.lastEventAt < this.throttleMs) return;
    this.lastEventAt = now;
    if (now - this.lastActivityAt >= this.timeoutMs) {
      this.logOut();
      return;
    }
    if (this.phase === "warning") return;
    this.resetFrom(now);
  }

  /** The user chose Continue in the warning: idle time starts again, unless it already ran out. */
  continue(): void {
    if (this.phase === "stopped") return;
    const now = this.now();
    if (now - this.lastActivityAt >= this.timeoutMs) {
      this.logOut();
      return;
    }
    this.phase = "active";
    this.resetFrom(now);
  }

  /** Looks at the clock now (e.g. when the page becomes visible again) and warns or logs out if due. */
  checkElapsed(): void {
    if (this.phase === "stopped") return;
    this.evaluate();
  }

  /** Cancels everything; no callback fires until the next start(). */
  stop(): void {
    this.phase = "stopped";
    this.cancelTimer();
  }

  private resetFrom(now: number): void {
    this.lastActivityAt = now;
    this.schedule(this.warnAfterMs);
  }

  private evaluate(): void {
    const idle = this.now() - this.lastActivityAt;
    if (idle >= this.timeoutMs) {
      this.logOut();
      return;
    }
    if (idle < this.warnAfterMs) {
      this.schedule(this.warnAfterMs - idle);
      return;
    }
    this.schedule(this.timeoutMs - idle);
    if (this.phase === "active") {
      this.phase = "warning";
      this.onWarn();
    }
  }

  private logOut(): void {
    this.stop();
    this.onLogout();
  }

  private schedule(ms: number): void {
    this.cancelTimer();
    this.handle = this.setTimer(() => {
      this.handle = undefined;
      if (this.phase !== "stopped") this.evaluate();
    }, ms);
  }

  private cancelTimer(): void {
    if (this.handle === undefined) return;
    this.clearTimer(this.handle);
    this.handle = undefined;
  }
}
