// What saturated (bench/peak.ts): the CPU of each process of ours, of PostgreSQL (its server
// process and every backend) and of the whole machine (other users included), what PostgreSQL's
// active backends waited on (locks, commit flushes…), and the API processes' pool waits.
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";

const TICKS_PER_SECOND = 100;

/** utime + stime (+ the reaped children's, for PostgreSQL's server process) in seconds. */
function processSeconds(pid: number, withChildren = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 14–17 of proc(5): utime, stime, cutime, cstime (3rd field here is the 5th there).
    const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
    return (
      ((utime ?? 0) + (stime ?? 0) + (withChildren ? (cutime ?? 0) + (cstime ?? 0) : 0)) / TICKS_PER_SECOND
    );
  } catch {
    return 0;
  }
}

/** PostgreSQL's CPU: its server process (with the backends it reaped) and its live children. */
function postgresSeconds(dataDir: string): number {
  let postmaster: number;
  try {
    postmaster = Number(readFileSync(`${dataDir}/postmaster.pid`, "utf8").split("\n", 1)[0]);
  } catch {
    return 0;
  }
  let total = processSeconds(postmaster, true);
  try {
    const children = readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, "utf8");
    for (const child of children.trim().split(/\s+/)) if (child) total += processSeconds(Number(child));
  } catch {}
  return total;
}

/** The machine's busy and total CPU seconds (all cores, every user). */
function machineSeconds(): { busy: number; total: number } {
  const [cpu] = readFileSync("/proc/stat", "utf8").split("\n");
  const ticks = (cpu ?? "").split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((a, b) => a + (b || 0), 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: (total - idle) / TICKS_PER_SECOND, total: total / TICKS_PER_SECOND };
}

export type CpuShares = Record<string, number>;

/**
 * CPU use over a window, as a share of one core (100 % = one core busy): each named process (a
 * process killed and started again is followed by its new id), PostgreSQL, this process (the load
 * generator), the machine, and everything else on it ("others").
 */
export class CpuMeter {
  private readonly totals = new Map<string, number>();
  private readonly last = new Map<string, { pid: number; seconds: number }>();
  private machine = machineSeconds();
  private readonly startMachine = this.machine;
  private readonly startSelf = process.cpuUsage();
  private readonly startedAt = performance.now();
  private readonly timer: NodeJS.Timeout;
  private readonly postgresStart: number;
  private postgresLast = 0;
  private postgresCarried = 0;

  constructor(
    private readonly processes: Record<string, () => number | undefined>,
    private readonly postgresDir: string,
  ) {
    this.sample();
    this.postgresStart = postgresSeconds(postgresDir);
    this.postgresLast = this.postgresStart;
    this.timer = setInterval(() => this.sample(), 500);
  }

  private sample(): void {
    for (const [name, pidOf] of Object.entries(this.processes)) {
      const pid = pidOf();
      if (pid === undefined) continue;
      const seconds = processSeconds(pid);
      const before = this.last.get(name);
      const delta = before && before.pid === pid ? seconds - before.seconds : before ? seconds : 0;
      this.totals.set(name, (this.totals.get(name) ?? 0) + Math.max(0, delta));
      this.last.set(name, { pid, seconds });
    }
    // A restart starts PostgreSQL's count again from 0: carry what was counted before it.
    const postgres = postgresSeconds(this.postgresDir);
    if (postgres < this.postgresLast) this.postgresCarried += this.postgresLast;
    this.postgresLast = postgres;
  }

  stop(): CpuShares {
    clearInterval(this.timer);
    this.sample();
    const seconds = (performance.now() - this.startedAt) / 1000;
    const self = process.cpuUsage(this.startSelf);
    const machine = machineSeconds();
    const shares: CpuShares = {};
    for (const [name, total] of this.totals) shares[name] = total / seconds;
    shares.PostgreSQL = (this.postgresCarried + this.postgresLast - this.postgresStart) / seconds;
    shares["load generator"] = (self.user + self.system) / 1e6 / seconds;
    shares.machine = (machine.busy - this.startMachine.busy) / seconds;
    const ours = Object.entries(shares)
      .filter(([name]) => name !== "machine")
      .reduce((sum, [, share]) => sum + share, 0);
    shares.others = Math.max(0, shares.machine - ours);
    return Object.fromEntries(Object.entries(shares).map(([name, share]) => [name, 100 * share]));
  }
}

export type WaitSummary = {
  /** Mean number of active backends (running or waiting) at a sample. */
  activeBackends: number;
  /** Mean number of backends waiting, by "type: event" (Lock: transactionid, IO: WALSync…). */
  waiting: Record<string, number>;
  samples: number;
};

/** Samples pg_stat_activity every 200 ms; reconnects after a restart. */
export async function sampleWaits(url: string, until: () => boolean): Promise<WaitSummary> {
  const waiting: Record<string, number> = {};
  let active = 0;
  let samples = 0;
  let client: pg.Client | undefined;
  while (!until()) {
    try {
      if (!client) {
        client = new pg.Client({ connectionString: url, application_name: "peak-observer" });
        client.on("error", () => {});
        await client.connect();
      }
      const { rows } = await client.query<{ type: string | null; event: string | null; n: number }>(
        `select wait_event_type as type, wait_event as event, count(*)::int as n from pg_stat_activity
         where state = 'active' and backend_type = 'client backend' and pid <> pg_backend_pid()
           and application_name <> 'peak-observer' group by 1, 2`,
      );
      samples++;
      for (const { type, event, n } of rows) {
        active += n;
        if (type && type !== "Client") waiting[`${type}: ${event}`] = (waiting[`${type}: ${event}`] ?? 0) + n;
      }
    } catch {
      await client?.end().catch(() => {});
      client = undefined;
    }
    await sleep(200);
  }
  await client?.end().catch(() => {});
  const per = (n: number) => (samples ? n / samples : 0);
  return {
    activeBackends: per(active),
    waiting: Object.fromEntries(Object.entries(waiting).map(([name, n]) => [name, per(n)])),
    samples,
  };
}

export type PoolSummary = { meanWaiting: number; maxWaiting: number; shareWaiting: number; samples: number };

/** Samples an API process's pool (GET /__test__/pool) every 200 ms; a dead process is skipped. */
export async function samplePool(port: number, until: () => boolean): Promise<PoolSummary> {
  let sum = 0;
  let max = 0;
  let waitingSamples = 0;
  let samples = 0;
  while (!until()) {
    try {
      const stats = (await (await fetch(`http://127.0.0.1:${port}/__test__/pool`)).json()) as {
        waiting: number;
      };
      samples++;
      sum += stats.waiting;
      max = Math.max(max, stats.waiting);
      if (stats.waiting > 0) waitingSamples++;
    } catch {}
    await sleep(200);
  }
  return {
    meanWaiting: samples ? sum / samples : 0,
    maxWaiting: max,
    shareWaiting: samples ? waitingSamples / samples : 0,
    samples,
  };
}
