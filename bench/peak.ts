// `npm run bench:peak` (after `npm run build`): deadline night, measured (issue 33). A crowd of
// simulated applicants (bench/peak/applicant.ts: each a cookie session that loads the profile,
// saves coalesced answers every 1–3 s, changes page, uploads a document now and then, submits at
// the end; then a new applicant takes its place) against two API processes and one worker on one
// PostgreSQL (a throwaway cluster with fsync on, as deployed), at rising crowd sizes until the p99
// of saves passes 500 ms or anything is lost. Beside it: pgbench TPC-B on the same cluster. Then,
// at half the largest crowd held, PostgreSQL is restarted (`pg_ctl restart`) and one API process
// killed (SIGKILL, started again 3 s later): the crowd goes on, and every acknowledged save must be
// stored. Each step prints what saturated: CPU per process, PostgreSQL's waits, pool waits.
//   PEAK_CROWDS=25,50,100… (default doubling from 25), PEAK_STEP_SECONDS (30), PEAK_PG_PORT,
//   PEAK_PORT (first API port, 18761), PEAK_UPLOAD_SHARE (0.5), BENCH_KEEP=1 keeps the logs.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import pg from "pg";
import { buildJpeg, photoLike } from "../server/conversion/testing/build-images";
import { postgresAvailable, startPostgres } from "../tests/helpers/postgres";
import { liveOnce } from "./peak/applicant";
import { type FleetProcess, fleetProcess } from "./peak/fleet";
import { Browser, Servers } from "./peak/http";
import { CpuMeter, samplePool, sampleWaits } from "./peak/observe";
import { StepRecord } from "./peak/record";
import { printReport, type StepResult } from "./peak/report";
import { verifyLedgers } from "./peak/verify";

const run = promisify(execFile);
const STEP_SECONDS = Number(process.env.PEAK_STEP_SECONDS ?? 30);
const CROWDS = (process.env.PEAK_CROWDS ?? "25,50,100,200,400,800,1600,3200,6400").split(",").map(Number);
const FIRST_PORT = Number(process.env.PEAK_PORT ?? 18_761);
const UPLOAD_SHARE = Number(process.env.PEAK_UPLOAD_SHARE ?? 0.5);
/** The stop rule of issue 33. */
const SAVE_P99_LIMIT_MS = 500;

if (!existsSync("dist/server/main.js")) {
  console.error("dist/server/main.js is missing: run 'npm run build' first.");
  process.exit(1);
}
if (!postgresAvailable()) {
  console.error("bench:peak needs PostgreSQL's server binaries (/usr/lib/postgresql/*/bin).");
  process.exit(1);
}
// Always a throwaway cluster: pgbench writes its tables there, and the crowd thousands of accounts.
delete process.env.DATABASE_URL;
const workDir = mkdtempSync(path.join(tmpdir(), "admissions-peak-"));
const cluster = await startPostgres({
  durable: true,
  ...(process.env.PEAK_PG_PORT ? { port: Number(process.env.PEAK_PG_PORT) } : {}),
});
const { dataDir: pgDir, restart: restartPostgres } = cluster;
if (!pgDir || !restartPostgres) throw new Error("the bench needs a throwaway cluster");
const anchorUrl = cluster.url.replace(/\/admissions$/, "/postgres");
const runId = Date.now().toString(36);
let fleet: FleetProcess[] = [];
/** Applicants so far in the run: each life signs in as a new one. */
let lives = 0;

try {
  console.log(`Deadline peak: steps of ${STEP_SECONDS} s, crowds ${CROWDS.join(", ")} (logs in ${workDir})`);
  await run("pgbench", ["-i", "-q", "-s", "10", anchorUrl]);
  const { stdout } = await run("pgbench", ["-c", "10", "-j", "2", "-T", "10", anchorUrl]);
  const tpcb = Number(/tps = ([\d.]+)/.exec(stdout)?.[1]);
  // pgbench's tables vacuumed and its writes flushed now, not by autovacuum and the checkpointer
  // during the crowd's first steps (bench/throughput.ts: a flush stalled every save in flight).
  const admin = new pg.Client({ connectionString: anchorUrl });
  await admin.connect();
  await admin.query("vacuum analyze");
  await admin.query("checkpoint");
  await admin.end();
  console.log(`  pgbench TPC-B-like, 10 clients: ${Math.round(tpcb)} tps (load ${loadavg()[0]?.toFixed(1)})`);

  const dataDir = path.join(workDir, "data");
  mkdirSync(dataDir);
  const options = { databaseUrl: cluster.url, dataDir, logDir: workDir };
  fleet = [
    fleetProcess("API A", "dist/server/main.js", FIRST_PORT, options),
    fleetProcess("API B", "dist/server/main.js", FIRST_PORT + 1, options),
    fleetProcess("worker", "dist/server/worker.js", null, options),
  ];
  // One first (it migrates), then the rest.
  await fleet[0]?.start();
  await Promise.all(fleet.slice(1).map((process) => process.start()));
  const [apiA, apiB] = fleet as [FleetProcess, FleetProcess, FleetProcess];
  const servers = new Servers([FIRST_PORT, FIRST_PORT + 1]);
  const upload = {
    name: "photo.jpg",
    type: "image/jpeg",
    bytes: buildJpeg(800, 600, photoLike(), { quality: 85 }),
  };

  async function step(crowd: number, faults?: () => Promise<string[]>): Promise<StepResult> {
    const load = loadavg()[0] ?? 0;
    const from = performance.now();
    const record = new StepRecord(crowd, from, from + STEP_SECONDS * 1000);
    const done = { value: false };
    const cpu = new CpuMeter(Object.fromEntries(fleet.map((p) => [p.name, () => p.pid()])), pgDir as string);
    const waits = sampleWaits(cluster.url, () => done.value || performance.now() > record.to);
    const pools = [apiA, apiB].map((api) =>
      samplePool(api.port as number, () => performance.now() > record.to),
    );
    const events = faults?.() ?? Promise.resolve([]);
    const applicants = Array.from({ length: crowd }, async () => {
      await sleep(Math.random() * 3_000);
      while (performance.now() < record.to) {
        const browser = new Browser(servers);
        try {
          await liveOnce(
            { browser, record, uploadShare: UPLOAD_SHARE, upload },
            `peak-${runId}-${++lives}@example.edu`,
          );
        } finally {
          browser.close();
        }
      }
    });
    const cpuShares = await sleep(STEP_SECONDS * 1000).then(() => cpu.stop());
    const [waitSummary, poolSummaries] = await Promise.all([waits, Promise.all(pools)]);
    const happened = await events;
    await Promise.all(applicants);
    done.value = true;
    const verdict = await verifyLedgers(cluster.url, record.ledgers, record.wall);
    return {
      record,
      load,
      cpu: cpuShares,
      waits: waitSummary,
      pools: poolSummaries,
      verdict,
      events: happened,
    };
  }

  const results: StepResult[] = [];
  for (const crowd of CROWDS) {
    const result = await step(crowd);
    results.push(result);
    printReport.step(result);
    const p99 = result.record.percentile("PUT /api/answer", 99) ?? 0;
    if (p99 > SAVE_P99_LIMIT_MS || result.verdict.problems.length > 0 || result.record.refusals.length > 0)
      break;
  }
  const held = results.filter(
    (r) =>
      (r.record.percentile("PUT /api/answer", 99) ?? 0) <= SAVE_P99_LIMIT_MS &&
      r.verdict.problems.length === 0 &&
      r.record.refusals.length === 0,
  );
  const faultCrowd = Math.max(CROWDS[0] ?? 25, Math.floor((held.at(-1)?.record.crowd ?? 50) / 2));
  console.log(`  faults at a crowd of ${faultCrowd}: PostgreSQL restarted, then API A killed…`);
  const faultStep = await step(faultCrowd, async () => {
    const events: string[] = [];
    const at = (label: string) =>
      events.push(`${label} at ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
    const startedAt = performance.now();
    await sleep((STEP_SECONDS * 1000) / 4);
    at("pg_ctl restart -m fast began");
    await restartPostgres();
    at("PostgreSQL accepting again");
    await sleep((STEP_SECONDS * 1000) / 4);
    await apiA.kill();
    at("API A killed (SIGKILL)");
    await sleep(3_000);
    await apiA.start();
    at("API A ready again");
    return events;
  });
  printReport.step(faultStep);
  printReport.summary({ tpcb, results, held: held.at(-1), faultStep, limitMs: SAVE_P99_LIMIT_MS });
} finally {
  await Promise.all(fleet.map((process) => process.stop()));
  await cluster.stop();
  if (!process.env.BENCH_KEEP) rmSync(workDir, { recursive: true, force: true });
}
