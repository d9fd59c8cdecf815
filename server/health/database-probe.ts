/** How long a database check that succeeded answers later probes of this process (README, 0017). */
export const HEALTH_FRESH_MS = 1_000;

/**
 * The database check behind GET /healthz (issue 15). Probes that arrive while a check is in flight
 * share it (single flight: one query however many probes, so an unauthenticated route cannot be
 * made to cost a query per request); a check that succeeded answers the probes that start within
 * `freshMs` of when it started. A failure is never remembered: the probes that shared the failed
 * check fail, and the next probe starts a new one. The state is this process's own readiness, kept
 * by each API process for itself; no other process needs it.
 */
export class DatabaseProbe {
  private inFlight: Promise<void> | null = null;
  /** When the last successful check started (ms on `clock`), or null. */
  private okSince: number | null = null;

  constructor(
    private readonly check: () => Promise<unknown>,
    private readonly clock: () => Date,
    private readonly freshMs = HEALTH_FRESH_MS,
  ) {}

  /** Resolves when the database answered a check started at most `freshMs` ago; rejects otherwise. */
  ready(): Promise<void> {
    const now = this.clock().getTime();
    // A clock moved backwards (tests, a stepped system clock) does not stretch the window.
    if (this.okSince !== null && now >= this.okSince && now - this.okSince < this.freshMs) {
      return Promise.resolve();
    }
    this.inFlight ??= this.start(now);
    return this.inFlight;
  }

  private async start(startedAt: number): Promise<void> {
    try {
      await this.check();
      this.okSince = startedAt;
    } catch (error) {
      this.okSince = null;
      throw error;
    } finally {
      this.inFlight = null;
    }
  }
}
