import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../server/db/database";
import { type Postgres, startPostgres } from "../helpers/postgres";
import { lacks } from "../helpers/system-tools";

// Issue 33: PostgreSQL restarted under the API processes (`pg_ctl restart` in bench:peak) ended
// every one of them: the server ends each idle pooled connection, node-postgres reports that as an
// 'error' event on the pool, and an 'error' event nobody listens to ends a Node process. The
// connections are ended here as a restart ends them (pg_terminate_backend sends the same
// "terminating connection due to administrator command"), on this suite's PostgreSQL only.
// Skipped where PostgreSQL is not installed (PGlite has no server to end connections); CI installs it.
describe.skipIf(lacks("postgresql"))("PostgreSQL ends the pool's idle connections", () => {
  let postgres: Postgres;
  let handle: DatabaseHandle;
  let admin: pg.Client;
  const applicationName = `connection-loss-${randomUUID().slice(0, 8)}`;
  const dropped: Error[] = [];

  beforeAll(async () => {
    postgres = await startPostgres();
    const url = new URL(postgres.url);
    url.searchParams.set("application_name", applicationName);
    handle = await openDatabase({ url: url.href, onConnectionError: (error) => dropped.push(error) });
    admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
  });
  afterAll(async () => {
    await handle?.close();
    await admin?.end();
    await postgres?.stop();
  });

  it("keeps the process, says so, and serves the next queries on new connections", async () => {
    const HEALTH = { name: "test_connection_loss_select", text: "select 1 as one" };
    // Several connections open and idle in the pool, each with the statement prepared on it.
    await Promise.all(Array.from({ length: 4 }, () => handle.statements.run(HEALTH, [])));
    const open = await admin.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where application_name = $1",
      [applicationName],
    );
    const idle = open.rows[0]?.n ?? 0;
    expect(idle).toBeGreaterThanOrEqual(1);
    expect(handle.poolStats?.()).toStrictEqual({ total: idle, idle, waiting: 0 });

    const ended = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1",
      [applicationName],
    );
    expect(ended.rowCount).toBe(idle);
    await expect.poll(() => dropped.length).toBe(idle);
    expect(dropped[0]?.message).toMatch(/terminating connection/);

    // Not one failed query: the pool had already let the ended connections go.
    const again = await Promise.all(Array.from({ length: 4 }, () => handle.statements.run(HEALTH, [])));
    expect(again).toStrictEqual(Array.from({ length: 4 }, () => [{ one: 1 }]));
    expect(handle.poolStats?.()).toMatchObject({ waiting: 0 });
  });
});
