import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/test-app";

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
    // The probe asks the database on every call: no remembered "ok" (a readiness check).
    const probe = await createTestApp();
    try {
      expect((await probe.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
      await probe.database.close();
      const down = await probe.app.inject({ method: "GET", url: "/healthz" });
      expect(down.statusCode).toBe(500);
      expect(down.body).not.toContain('"ok"');
    } finally {
      probe.database.close = async () => {}; // closed above
      await probe.close();
    }
  });
});
