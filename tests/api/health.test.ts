import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { openDatabase } from "../../server/db/database";
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

  it("fails once its database no longer answers", async () => {
    // The probe asks the database on every call: no remembered "ok" (a readiness check). An app
    // on a database handle of its own, closed under it.
    const url = process.env.DATABASE_URL;
    const database = await openDatabase(url ? { url } : {});
    await database.migrate();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "admissions-health-"));
    const app = await buildApp({ config: testConfig(dataDir), database });
    try {
      expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
      await database.close();
      const down = await app.inject({ method: "GET", url: "/healthz" });
      expect(down.statusCode).toBe(500);
      expect(down.body).not.toContain('"ok"');
    } finally {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
