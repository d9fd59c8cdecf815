import { randomUUID } from "node:crypto";
import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CONVERT_DOCUMENT,
  CONVERT_DOCUMENT_GIVEN_UP,
  DELIVER_WEBHOOK,
  DELIVER_WEBHOOK_GIVEN_UP,
  JobQueue,
  RENDER_APPLICATION_PDF,
  RENDER_APPLICATION_PDF_GIVEN_UP,
} from "../../server/jobs/job-queue";
import { type Postgres, startPostgres } from "../helpers/postgres";
import { lacks } from "../helpers/system-tools";

// README "Running at scale": processes can start together. Each API process and worker sets up the
// job queue at start-up; two doing it at the same moment on a fresh database must both come up
// (pg-boss creates each queue's table in a transaction that can deadlock with another process's).
// Found by the two-server test (tests/scale), where one of two servers started together died.

const ROUNDS = 8;

let postgres: Postgres;
const pools: pg.Pool[] = [];
/** Errors the pools heard while the test ran (a pool with no listener would throw them). */
const poolErrors: Error[] = [];
let ending = false;

// Skipped where PostgreSQL is not installed (the race is PostgreSQL's deadlock between two
// processes' transactions; PGlite has one connection); CI installs it and fails on a skip.
describe.skipIf(lacks("postgresql"))("two processes setting up the job queue at once", () => {
  beforeAll(async () => {
    postgres = await startPostgres();
  }, 120_000);

  afterAll(async () => {
    // pg's pool.end() resolves once it has let its connections go, before each has closed; the
    // server's "terminating connection" (57P01) may then reach one as the cluster stops.
    ending = true;
    await Promise.all(pools.map((pool) => pool.end()));
    await postgres?.stop();
  }, 60_000);

  it("both come up, and each queue exists once", async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      // A fresh schema per round: an empty database, as on a first deployment.
      const schema = `jobs_start_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
      const processes = [0, 1].map(() => {
        const pool = new pg.Pool({ connectionString: postgres.url, max: 10 });
        pool.on("error", (error) => {
          if (!ending) poolErrors.push(error);
        });
        pools.push(pool);
        return new JobQueue(
          { executeSql: (text, values) => pool.query(text, values) },
          { schema, log: pino({ level: "silent" }) },
        );
      });
      const started = await Promise.allSettled(processes.map((queue) => queue.start()));
      expect(
        started.map((outcome) => (outcome.status === "fulfilled" ? "up" : String(outcome.reason))),
        `round ${round}`,
      ).toEqual(["up", "up"]);
      const [pool] = pools.slice(-1);
      const queues = await pool?.query(`select name from ${schema}.queue order by name`);
      expect(queues?.rows.map((row) => row.name)).toEqual(
        [
          CONVERT_DOCUMENT,
          CONVERT_DOCUMENT_GIVEN_UP,
          RENDER_APPLICATION_PDF,
          RENDER_APPLICATION_PDF_GIVEN_UP,
          DELIVER_WEBHOOK,
          DELIVER_WEBHOOK_GIVEN_UP,
        ].sort(),
      );
      await Promise.all(processes.map((queue) => queue.stop(5_000)));
      await pool?.query(`drop schema ${schema} cascade`);
    }
    expect(poolErrors).toEqual([]);
  }, 300_000);
});
