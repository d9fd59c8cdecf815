/**
 * When the sync worker sends what is waiting: `debounceMs` after the last change, so a burst of
 * typing becomes one request, but never later than `maxWaitMs` after the first change that has not
 * been sent, so someone who goes on typing (Tab, and on into the next field) still has the field
 * they left saved within a second or so. A debounce alone restarts on every keystroke, and an edit
 * waited for all the typing after it (five to seven seconds were seen, issue 15).
 */
export class SendSchedule {
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** When the first change not yet taken for sending was made. */
  private firstChangeAt: number | undefined;

  constructor(
    private readonly fire: () => void,
    private readonly debounceMs: number,
    private readonly maxWaitMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether changes are waiting for their time (their timer has not fired yet). */
  get waiting(): boolean {
    return this.firstChangeAt !== undefined;
  }

  /** A change was made: send after the quiet period, or at the latest `maxWaitMs` after the first. */
  changed(): void {
    const now = this.now();
    this.firstChangeAt ??= now;
    this.fireIn(Math.min(this.debounceMs, this.firstChangeAt + this.maxWaitMs - now));
  }

  /** Send again after `delayMs` (a retry's backoff); a change made meanwhile sends sooner. */
  retryIn(delayMs: number): void {
    this.firstChangeAt = undefined;
    this.fireIn(delayMs);
  }

  /** Everything waiting is being sent now: the next change starts a new wait. */
  taken(): void {
    this.cancel();
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.firstChangeAt = undefined;
  }

  private fireIn(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(
      () => {
        // What was waiting is due now; a change from here on starts a new wait.
        this.timer = undefined;
        this.firstChangeAt = undefined;
        this.fire();
      },
      Math.max(0, delayMs),
    );
  }
}
