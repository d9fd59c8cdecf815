import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { openDatabase } from "../../server/db/database";
import { HttpError } from "../../server/http-error";
import { CLIENT_HEADER } from "../../src/shared/constants";
import { GENERIC_ERROR_MESSAGE } from "../../src/shared/messages";
import { putAnswers, storedAnswers } from "../helpers/api";
import { signedInUser, type TestApp, testConfig } from "../helpers/test-app";

const SECRET_DETAIL = "connection to db-internal.example:5432 failed for user admin";

/**
 * The real app with a few extra routes that fail on purpose, built like createTestApp but with the
 * routes added before `ready()`.
 */
async function createFailingApp(): Promise<TestApp> {
  const url = process.env.DATABASE_URL;
  const database = await openDatabase(url ? { url } : {});
  await database.migrate();
  const app = await buildApp({
    // No mail is sent here, so the outbox directory is never created.
    config: testConfig(path.join(os.tmpdir(), "admissions-error-handler-unused")),
    database,
  });
  app.get("/test/throw", async () => {
    throw new Error(SECRET_DETAIL);
  });
  app.get("/test/throw-503", async () => {
    throw Object.assign(new Error(SECRET_DETAIL), { statusCode: 503 });
  });
  app.get("/test/reject-async", () => Promise.reject(new TypeError(SECRET_DETAIL)));
  app.get("/test/conflict", async () => {
    throw new HttpError(409, "This was already done.");
  });
  await app.ready();
  return {
    app,
    database,
    dataDir: "",
    advanceClock() {
      throw new Error("this app has the real clock");
    },
    freezeClock() {
      throw new Error("this app has the real clock");
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

let test: TestApp;
beforeAll(async () => {
  test = await createFailingApp();
});
afterAll(async () => {
  await test?.close();
});

describe("server errors", () => {
  it.each(["/test/throw", "/test/reject-async"])(
    "%s answers 500 with exactly the generic message",
    async (url) => {
      const response = await test.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(500);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(response.json()).toStrictEqual({ message: GENERIC_ERROR_MESSAGE });
      expect(response.body).not.toContain("db-internal");
    },
  );

  it("keeps a 5xx status other than 500 but hides its message", async () => {
    const response = await test.app.inject({ method: "GET", url: "/test/throw-503" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toStrictEqual({ message: GENERIC_ERROR_MESSAGE });
  });

  it("still sends the security headers on a 500", async () => {
    const response = await test.app.inject({ method: "GET", url: "/test/throw" });
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("client errors", () => {
  it("sends an HttpError's status and message as { message }", async () => {
    const response = await test.app.inject({ method: "GET", url: "/test/conflict" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toStrictEqual({ message: "This was already done." });
  });

  it("answers a malformed JSON body with 400 { message } and stores nothing", async () => {
    const user = await signedInUser(test);
    const response = await putAnswers(test, user.cookie, undefined, { raw: '{"first_name": "Ada",' });
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    const body = response.json();
    expect(Object.keys(body)).toStrictEqual(["message"]);
    expect(body.message).toMatch(/JSON/);
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({});
  });

  it("answers an unsupported content type with 415 { message }", async () => {
    const user = await signedInUser(test);
    const response = await putAnswers(test, user.cookie, undefined, {
      raw: "first_name=Ada",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.statusCode).toBe(415);
    expect(Object.keys(response.json())).toStrictEqual(["message"]);
  });

  it("answers a schema validation failure with 400 naming the field", async () => {
    const user = await signedInUser(test);
    const response = await test.app.inject({
      method: "PUT",
      url: "/api/last-page",
      headers: { cookie: user.cookie, [CLIENT_HEADER]: "1" },
      payload: { last_page: 12 },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toStrictEqual(["message"]);
    expect(response.json().message).toContain("last_page");
  });

  it("answers an unknown route with 404 { message }", async () => {
    const response = await test.app.inject({ method: "DELETE", url: "/test/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(Object.keys(response.json())).toStrictEqual(["message"]);
  });
});
