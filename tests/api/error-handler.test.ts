import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { openDatabase } from "../../server/db/database";
import { answers, users } from "../../server/db/schema";
import { HttpError } from "../../server/http-error";
import { CLIENT_HEADER } from "../../src/shared/constants";
import { GENERIC_ERROR_MESSAGE } from "../../src/shared/messages";
import { putAnswers, storedAnswers } from "../helpers/api";
import { signedInUser, type TestApp, testConfig } from "../helpers/test-app";

const SECRET_DETAIL = "connection to db-internal.example:5432 failed for user admin";
/** An answer value that the failing queries below carry; no log line may contain it. */
const SECRET_ANSWER = "Ada-secret-answer-4711";
const logLines: string[] = [];

/**
 * The real app with a few extra routes that fail on purpose, built like createTestApp but with the
 * routes added before `ready()`.
 */
async function createFailingApp(): Promise<TestApp> {
  const url = process.env.DATABASE_URL;
  const database = await openDatabase(url ? { url } : {});
  await database.migrate();
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({
    // No mail is sent here, so the outbox directory is never created.
    config: testConfig(path.join(os.tmpdir(), "admissions-error-handler-unused"), { logStream }),
    database,
    logStream,
  });
  app.get("/test/throw", async () => {
    throw new Error(SECRET_DETAIL);
  });
  app.get("/test/throw-503", async () => {
    throw Object.assign(new Error(SECRET_DETAIL), { statusCode: 503 });
  });
  app.get("/test/reject-async", () => Promise.reject(new TypeError(SECRET_DETAIL)));
  // Queries that fail in the database with an answer value among their parameters.
  const [user] = await database.db
    .insert(users)
    .values({ username: `error-log-${Date.now()}-${Math.random()}@example.edu` })
    .returning({ id: users.id, username: users.username });
  if (!user) throw new Error("user insert returned nothing");
  app.get("/test/query/bad-uuid", async () => {
    await app.db
      .insert(answers)
      .values({ userId: `${SECRET_ANSWER}-uuid`, key: "first_name", value: SECRET_ANSWER });
  });
  app.get("/test/query/bad-cast", async () => {
    await app.db.execute(sql`select ${SECRET_ANSWER}::integer`);
  });
  app.get("/test/query/not-null", async () => {
    await app.db.execute(
      sql`insert into answers (user_id, key, value, updated_at, edited_at, revision) values (${user.id}, ${SECRET_ANSWER}, null, now(), now(), 1)`,
    );
  });
  app.get("/test/query/duplicate", async () => {
    await app.db.execute(sql`insert into users (username) values (${user.username}), (${SECRET_ANSWER})`);
  });
  app.get("/test/query/in-transaction", async () => {
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`select ${SECRET_ANSWER}::date`);
    });
  });
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

describe("database errors in the log", () => {
  it.each([
    "/test/query/bad-uuid",
    "/test/query/bad-cast",
    "/test/query/not-null",
    "/test/query/duplicate",
    "/test/query/in-transaction",
  ])("%s: the log line says which query failed, without any value it carried", async (url) => {
    logLines.length = 0;
    const response = await test.app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(500);
    const failed = logLines.map((line) => JSON.parse(line)).find((entry) => entry.msg === "request failed");
    expect(failed, logLines.join("\n")).toBeDefined();
    // The error is still useful: its SQL (with placeholders) and the SQLSTATE code.
    expect(JSON.stringify(failed.err)).toMatch(/"code":"(22P02|23502|23505|22007|22008)"/);
    expect(failed.err.message).toMatch(/^Failed query: (insert|select)/);
    for (const line of logLines) {
      expect(line).not.toContain(SECRET_ANSWER);
      expect(line).not.toContain("Ada-secret");
    }
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
