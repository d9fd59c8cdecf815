// bench/peak.ts's printout: a line per crowd step as it ends, then the tables and the verdict.
import type { CpuShares, PoolSummary, WaitSummary } from "./observe";
import { ROUTES, type Route, type StepRecord } from "./record";
import type { Verdict } from "./verify";

export type StepResult = {
  record: StepRecord;
  /** The machine's 1-minute load average when the step began. */
  load: number;
  cpu: CpuShares;
  waits: WaitSummary;
  pools: PoolSummary[];
  verdict: Verdict;
  events: string[];
};

const n = (value: number, digits = 0) =>
  value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ms = (value: number | null) => (value === null ? "—" : `${n(value)}`);
const lost = (r: StepResult) => r.verdict.acknowledged - r.verdict.stored;

function cpuLine(cpu: CpuShares): string {
  return Object.entries(cpu)
    .filter(([name]) => name !== "machine" && name !== "others")
    .sort((a, b) => b[1] - a[1])
    .map(([name, share]) => `${name} ${n(share)} %`)
    .concat(`others on the machine ${n(cpu.others ?? 0)} %`, `machine ${n(cpu.machine ?? 0)} % of 200 %`)
    .join(", ");
}

function waitLine(waits: WaitSummary): string {
  const top = Object.entries(waits.waiting)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([event, mean]) => `${event} ${n(mean, 2)}`);
  return `${n(waits.activeBackends, 1)} active backends on average; waiting: ${top.length ? top.join(", ") : "none"}`;
}

function poolLine(pools: PoolSummary[]): string {
  return pools
    .map(
      (pool, i) =>
        `${i === 0 ? "A" : "B"}: ${n(100 * pool.shareWaiting)} % of samples, mean ${n(pool.meanWaiting, 1)}, max ${pool.maxWaiting}`,
    )
    .join("; ");
}

/** What ran out first, judged from the step's figures. */
export function saturation(r: StepResult): string {
  const machine = r.cpu.machine ?? 0;
  const byProcess = Object.entries(r.cpu)
    .filter(([name]) => !["machine", "others"].includes(name))
    .sort((a, b) => b[1] - a[1]);
  const [topName, topShare] = byProcess[0] ?? ["?", 0];
  const pool = Math.max(...r.pools.map((p) => p.shareWaiting));
  const locks = Object.entries(r.waits.waiting)
    .filter(([event]) => event.startsWith("Lock"))
    .reduce((sum, [, mean]) => sum + mean, 0);
  const flushes = Object.entries(r.waits.waiting)
    .filter(([event]) => /^IO: WAL|^LWLock: WAL/.test(event))
    .reduce((sum, [, mean]) => sum + mean, 0);
  const parts: string[] = [];
  if (machine >= 170) {
    parts.push(
      `the machine's two cores (${n(machine)} % of 200 % busy: other users ${n(r.cpu.others ?? 0)} %, ours most ${topName} ${n(topShare)} %)`,
    );
  } else if (topShare >= 90) parts.push(`${topName}'s one core (${n(topShare)} %)`);
  if (pool >= 0.3)
    parts.push(`the API processes' database pools (queries waiting in ${n(100 * pool)} % of samples)`);
  if (locks >= 1) parts.push(`row locks (${n(locks, 1)} backends waiting on average)`);
  if (flushes >= 1) parts.push(`commit flushes (${n(flushes, 1)} backends waiting on WAL on average)`);
  return parts.length ? parts.join("; ") : "nothing measured here was saturated";
}

const RATE_ROUTES: [string, Route, number][] = [
  ["saves/s", "PUT /api/answer", 1],
  ["profile loads/s", "GET /api/profile", 1],
  ["uploads/min", "POST /files/upload", 60],
  ["submits/min", "POST /api/submit", 60],
];

export const printReport = {
  step(r: StepResult): void {
    const rates = RATE_ROUTES.map(([label, route, per]) => `${label} ${n(r.record.rate(route) * per, 1)}`);
    const save = r.record;
    console.log(
      `  crowd ${r.record.crowd} (load ${n(r.load, 1)}): ${rates.join(", ")}; saves p50 ${ms(save.percentile("PUT /api/answer", 50))} ms, p99 ${ms(save.percentile("PUT /api/answer", 99))} ms; acknowledged ${n(r.verdict.acknowledged)}, stored ${n(r.verdict.stored)}, lost ${lost(r)}; retries ${r.record.retries}, refused ${r.record.refusals.length}`,
    );
    console.log(`    CPU: ${cpuLine(r.cpu)}`);
    console.log(`    PostgreSQL: ${waitLine(r.waits)}; pool waits ${poolLine(r.pools)}`);
    for (const event of r.events) console.log(`    ${event}`);
    for (const problem of [...r.record.refusals, ...r.verdict.problems].slice(0, 5))
      console.log(`    ! ${problem}`);
  },

  summary({
    tpcb,
    results,
    held,
    faultStep,
    limitMs,
  }: {
    tpcb: number;
    results: StepResult[];
    held: StepResult | undefined;
    faultStep: StepResult;
    limitMs: number;
  }): void {
    const rows: string[][] = [
      [
        "crowd",
        "load",
        ...RATE_ROUTES.map(([label]) => label),
        "conversions/min",
        "acknowledged",
        "stored",
        "lost",
      ],
      ...[...results, faultStep].map((r) => [
        `${r.record.crowd}${r === faultStep ? " (faults)" : ""}`,
        n(r.load, 1),
        ...RATE_ROUTES.map(([, route, per]) => n(r.record.rate(route) * per, 1)),
        n((r.verdict.conversions * 60_000) / (r.record.to - r.record.from), 1),
        n(r.verdict.acknowledged),
        n(r.verdict.stored),
        String(lost(r)),
      ]),
    ];
    console.log(`\npgbench TPC-B-like on the same cluster, 10 clients: ${n(tpcb)} tps`);
    table(rows);
    console.log("\np50 / p99 per route, ms (every attempt counted, retries included)");
    table([
      [
        "route",
        ...[...results, faultStep].map((r) => `${r.record.crowd}${r === faultStep ? " (faults)" : ""}`),
      ],
      ...ROUTES.map((route) => [
        route,
        ...[...results, faultStep].map(
          (r) => `${ms(r.record.percentile(route, 50))} / ${ms(r.record.percentile(route, 99))}`,
        ),
      ]),
    ]);
    const failed = results.find(
      (r) => r !== held && results.indexOf(r) > results.indexOf(held as StepResult),
    );
    console.log(
      `\nLargest crowd held (saves p99 ≤ ${limitMs} ms, nothing lost): ${held ? `${held.record.crowd} applicants, ${n(held.record.rate("PUT /api/answer"), 1)} saves/s (${n((100 * held.record.rate("PUT /api/answer")) / tpcb, 1)} % of TPC-B's tps)` : "none"}`,
    );
    if (held) console.log(`  at ${held.record.crowd}: ${saturation(held)}`);
    if (failed) {
      const p99 = failed.record.percentile("PUT /api/answer", 99);
      console.log(
        `Saturated at ${failed.record.crowd}: saves p99 ${ms(p99)} ms, lost ${lost(failed)}, refused ${failed.record.refusals.length}; ${saturation(failed)}`,
      );
    } else console.log("Not saturated at the largest crowd tried: raise PEAK_CROWDS.");
    const total = [...results, faultStep].reduce(
      (sum, r) => ({
        acknowledged: sum.acknowledged + r.verdict.acknowledged,
        stored: sum.stored + r.verdict.stored,
      }),
      { acknowledged: 0, stored: 0 },
    );
    console.log(
      `Faults (${faultStep.events.join("; ")}): acknowledged ${n(faultStep.verdict.acknowledged)}, stored ${n(faultStep.verdict.stored)}, lost ${lost(faultStep)}, retries ${faultStep.record.retries}, refused ${faultStep.record.refusals.length}`,
    );
    console.log(
      `Whole run: ${n(total.acknowledged)} saves acknowledged, ${n(total.stored)} stored, ${total.acknowledged - total.stored} lost`,
    );
  },
};

function table(rows: string[][]): void {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length))) ?? [];
  for (const row of rows)
    console.log(`| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(" | ")} |`);
}
