import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { openDatabase, type StatementRunner } from "../../server/db/database";
import { HEALTH_FRESH_MS } from "../../server/health/database-probe";
import { createTestApp, type TestApp, testConfig } from "../helpers/test-app";

describe("GET /healthz", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test?.close();
  });

  it("answers ok with the database kind, without a session", async () => {
    const response = await test.app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.json()).toStrictEqual({
      status: "ok",
      database: process.env.DATABASE_URL ? "postgres" : "pglite",
    });
  });

  it("does not set or clear any cookie", async () => {
    const response = await test.app.inject({
      method: "GET",
      url: "/healthz",
      headers: { cookie: "adm_session=bogus" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  /** An app on a database handle of its own, with a clock the test moves, counting its queries. */
  async function ownApp() {
    const url = process.env.DATABASE_URL;
    const database = await openDatabase(url ? { url } : {});
    await database.migrate();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "admissions-health-"));
    let now = Date.now();
    let queries = 0;
    const statements: StatementRunner = {
      ...database.statements,
      run: (statement, values) => {
        queries++;
        return database.statements.run(statement, values);
      },
    };
    const app = await buildApp({
      config: testConfig(dataDir),
      database: { ...database, statements },
      clock: () => new Date(now),
    });
    return {
      app,
      database,
      advance: (ms: number) => {
        now += ms;
      },
      queries: () => queries,
      probe: () => app.inject({ method: "GET", url: "/healthz" }),
      async close() {
        await app.close();
        await database.close().catch(() => {});
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }

  it("fails at the first probe after the freshness window once its database no longer answers", async () => {
    const own = await ownApp();
    try {
      expect((await own.probe()).statusCode).toBe(200);
      await own.database.close();
      // Within HEALTH_FRESH_MS of the last successful check's start: that check answers (README).
      own.advance(HEALTH_FRESH_MS - 1);
      expect((await own.probe()).statusCode).toBe(200);
      own.advance(1);
      const down = await own.probe();
      expect(down.statusCode).toBe(500);
      expect(down.body).not.toContain('"ok"');
      // A failure is never reused, nor does it bring back the old success: every probe checks.
      const queries = own.queries();
      expect((await own.probe()).statusCode).toBe(500);
      expect(own.queries()).toBe(queries + 1);
    } finally {
      await own.close();
    }
  });

  it("gives concurrent probes one query, reuses its success within the window, then asks again", async () => {
    const own = await ownApp();
    try {
      const probes = await Promise.all(Array.from({ length: 20 }, () => own.probe()));
      expect(probes.map((response) => response.statusCode)).toStrictEqual(Array(20).fill(200));
      expect(own.queries()).toBe(1);
      own.advance(HEALTH_FRESH_MS - 1);
      expect((await own.probe()).statusCode).toBe(200);
      expect(own.queries()).toBe(1);
      own.advance(1);
      expect((await own.probe()).statusCode).toBe(200);
      expect(own.queries()).toBe(2);
    } finally {
      await own.close();
    }
  });
});
