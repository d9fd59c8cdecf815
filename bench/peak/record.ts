// What the crowd did (bench/peak.ts): every request's time by route, and every save the server
// acknowledged, to be checked against what it stored.

export const ROUTES = [
  "sign-in",
  "GET /api/profile",
  "PUT /api/answer",
  "PUT /api/last-page",
  "POST /api/presigned-url",
  "POST /files/upload",
  "POST /api/pdf/document-answer",
  "GET /api/pdf/document-answer",
  "POST /api/submit",
] as const;
export type Route = (typeof ROUTES)[number];

/** A save the server answered 200 to: its fields with their edit times (ms). */
export type AcknowledgedSave = { key: string; fields: Record<string, { value: string; editedAt: number }> };

/** One simulated applicant's record, for the check against the database. */
export type ApplicantLedger = {
  username: string;
  device: string;
  saves: AcknowledgedSave[];
  submitted: boolean;
};

export type Latency = { startedAt: number; ms: number; ok: boolean };

/** One crowd step's requests (only those started inside its window count for rates and percentiles). */
export class StepRecord {
  readonly latencies = new Map<Route, Latency[]>(ROUTES.map((route) => [route, []]));
  readonly ledgers: ApplicantLedger[] = [];
  /** Requests sent again after no answer, a 5xx or a 429 (same key: safe). */
  retries = 0;
  /** Answers that were neither a success nor worth sending again: each is something lost. */
  readonly refusals: string[] = [];
  /** The window in wall-clock time (ms since the epoch), for the database's timestamps. */
  readonly wall: { from: number; to: number };

  constructor(
    readonly crowd: number,
    /** performance.now() at the step's start and end of load. */
    readonly from: number,
    public to: number,
  ) {
    const now = Date.now() - (performance.now() - from);
    this.wall = { from: now, to: now + (to - from) };
  }

  add(route: Route, startedAt: number, ms: number, ok: boolean): void {
    this.latencies.get(route)?.push({ startedAt, ms, ok });
  }

  private inWindow(route: Route): Latency[] {
    return (this.latencies.get(route) ?? []).filter((l) => l.startedAt >= this.from && l.startedAt < this.to);
  }

  /** Successful requests of `route` started in the window, per second. */
  rate(route: Route): number {
    return this.inWindow(route).filter((l) => l.ok).length / ((this.to - this.from) / 1000);
  }

  /** p-th percentile (0–100) of the route's request times in the window, every attempt counted. */
  percentile(route: Route, p: number): number | null {
    const times = this.inWindow(route)
      .map((l) => l.ms)
      .sort((a, b) => a - b);
    if (times.length === 0) return null;
    return times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? null;
  }

  count(route: Route): number {
    return this.inWindow(route).length;
  }
}
