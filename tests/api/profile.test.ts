import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAnotherCounts, loginEvents, tabChoices, webStatusEntries } from "../../server/db/schema";
import { CLIENT_HEADER, LOGGED_IN_HINT_COOKIE, SESSION_COOKIE } from "../../src/shared/constants";
import { UNAUTHORIZED_MESSAGE } from "../../src/shared/messages";
import { FORM_PAGES } from "../../src/shared/routes";
import { clearsSessionCookies, getProfile, type ProfileBody, putAnswers } from "../helpers/api";
import {
  clientHeaders,
  createTestApp,
  idempotencyKey,
  signedInUser,
  type TestApp,
} from "../helpers/test-app";

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test?.close();
});

function putLastPage(cookie: string, payload?: unknown, headers: Record<string, string> = {}) {
  return test.app.inject({
    method: "PUT",
    url: "/api/last-page",
    headers: { ...clientHeaders(cookie), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function lastPage(cookie: string): Promise<string | null> {
  const response = await getProfile(test, cookie);
  expect(response.statusCode).toBe(200);
  return (response.json() as ProfileBody).last_page;
}

describe("GET /api/profile", () => {
  it("answers a fresh user with exactly the spec §3 shape", async () => {
    const user = await signedInUser(test);
    const response = await getProfile(test, user.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.json()).toStrictEqual({
      answer: {},
      document_answer: {},
      username: user.username,
      last_page: null,
      successful_login: [],
      web_status: [],
      add_another: {},
      tabs: {},
      server_time: expect.any(Number),
    });
  });

  it("answers the server clock in server_time (ms), for the client's clock offset", async () => {
    const user = await signedInUser(test);
    const before = test.app.clock().getTime();
    const profile = (await getProfile(test, user.cookie)).json() as ProfileBody;
    expect(Number.isInteger(profile.server_time)).toBe(true);
    expect(profile.server_time).toBeGreaterThanOrEqual(before);
    expect(profile.server_time).toBeLessThanOrEqual(test.app.clock().getTime());

    test.advanceClock(60_000);
    const later = (await getProfile(test, user.cookie)).json() as ProfileBody;
    expect(later.server_time - profile.server_time).toBeGreaterThanOrEqual(60_000);
  });

  it("reflects saved answers", async () => {
    const user = await signedInUser(test);
    const saved = await putAnswers(test, user.cookie, { first_name: "Ada", last_name: "Lovelace", city: "" });
    expect(saved.statusCode).toBe(200);
    const profile = (await getProfile(test, user.cookie)).json() as ProfileBody;
    expect(profile.answer).toStrictEqual({ first_name: "Ada", last_name: "Lovelace", city: "" });
  });

  it("lists logins and web statuses oldest first, each with an ISO created_at", async () => {
    const user = await signedInUser(test);
    const db = test.database.db;
    await db
      .insert(loginEvents)
      .values({ userId: user.userId, createdAt: new Date("2026-01-01T10:00:00.000Z") });
    await db
      .insert(loginEvents)
      .values({ userId: user.userId, createdAt: new Date("2026-01-02T10:00:00.000Z") });
    await db
      .insert(webStatusEntries)
      .values({ userId: user.userId, webStatus: "started", createdAt: new Date("2026-01-01T10:05:00.000Z") });
    await db.insert(webStatusEntries).values({
      userId: user.userId,
      webStatus: "validating",
      createdAt: new Date("2026-01-02T10:05:00.000Z"),
    });

    const profile = (await getProfile(test, user.cookie)).json() as ProfileBody;
    expect(profile.successful_login).toStrictEqual([
      { created_at: "2026-01-01T10:00:00.000Z" },
      { created_at: "2026-01-02T10:00:00.000Z" },
    ]);
    expect(profile.web_status).toStrictEqual([
      { web_status: "started", created_at: "2026-01-01T10:05:00.000Z" },
      { web_status: "validating", created_at: "2026-01-02T10:05:00.000Z" },
    ]);
    for (const entry of [...profile.successful_login, ...profile.web_status]) {
      expect(entry.created_at).toMatch(ISO_TIMESTAMP);
    }
  });

  it("lists the stored add-another counts and tab choices by id", async () => {
    const user = await signedInUser(test);
    const db = test.database.db;
    await db.insert(addAnotherCounts).values([
      { userId: user.userId, buttonId: "college", numComponents: 2 },
      { userId: user.userId, buttonId: "legacy", numComponents: 4 },
    ]);
    // Written directly, with a tab id today's catalogue does not declare: the profile lists what is
    // stored (tests/api/add-another-tabs.test.ts saves choices through PUT /api/tabs).
    await db.insert(tabChoices).values({ userId: user.userId, tabId: "transcript_tab", chosenTab: "manual" });
    const profile = (await getProfile(test, user.cookie)).json() as ProfileBody;
    expect(profile.add_another).toStrictEqual({ college: 2, legacy: 4 });
    expect(profile.tabs).toStrictEqual({ transcript_tab: "manual" });
    const other = (await getProfile(test, (await signedInUser(test)).cookie)).json() as ProfileBody;
    expect(other.add_another).toStrictEqual({});
    expect(other.tabs).toStrictEqual({});
  });

  it("does not show one user's answers to another", async () => {
    const alice = await signedInUser(test);
    const bob = await signedInUser(test);
    expect((await putAnswers(test, alice.cookie, { first_name: "Alice" })).statusCode).toBe(200);
    const profile = (await getProfile(test, bob.cookie)).json() as ProfileBody;
    expect(profile.username).toBe(bob.username);
    expect(profile.answer).toStrictEqual({});
  });

  it("answers 401 with the catalogue message without a cookie, and sets no cookie", async () => {
    const response = await test.app.inject({
      method: "GET",
      url: "/api/profile",
      headers: { [CLIENT_HEADER]: "1" },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toStrictEqual({ message: UNAUTHORIZED_MESSAGE });
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("answers 401 for a bogus session cookie and clears both session cookies", async () => {
    const response = await getProfile(test, `${SESSION_COOKIE}=not-a-real-token; ${LOGGED_IN_HINT_COOKIE}=1`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toStrictEqual({ message: UNAUTHORIZED_MESSAGE });
    expect(clearsSessionCookies(response)).toBe(true);
  });

  it("clears a stale logged-in hint cookie even without a session cookie", async () => {
    const response = await getProfile(test, `${LOGGED_IN_HINT_COOKIE}=1`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toStrictEqual({ message: UNAUTHORIZED_MESSAGE });
    expect(clearsSessionCookies(response)).toBe(true);
  });
});

describe("PUT /api/last-page", () => {
  it("stores each form page path, visible in profile.last_page", async () => {
    const user = await signedInUser(test);
    for (const { path } of FORM_PAGES) {
      const response = await putLastPage(user.cookie, { last_page: path });
      expect(response.statusCode).toBe(200);
      expect(typeof response.json().message).toBe("string");
      expect(await lastPage(user.cookie)).toBe(path);
    }
  });

  it("refuses a path that is not a form page with a message listing the valid ones", async () => {
    const user = await signedInUser(test);
    expect((await putLastPage(user.cookie, { last_page: "/education" })).statusCode).toBe(200);
    const response = await putLastPage(user.cookie, { last_page: "/nowhere" });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(Object.keys(body)).toStrictEqual(["message"]);
    expect(body.message).toContain("last_page");
    for (const { path } of FORM_PAGES) expect(body.message).toContain(path);
    expect(await lastPage(user.cookie)).toBe("/education");
  });

  it("refuses a missing body, an empty object and a non-string last_page", async () => {
    const user = await signedInUser(test);
    for (const payload of [undefined, {}, { last_page: 3 }, { last_page: null }]) {
      const response = await putLastPage(user.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const body = response.json();
      expect(typeof body.message).toBe("string");
      expect(body.message.length).toBeGreaterThan(0);
    }
    expect(await lastPage(user.cookie)).toBeNull();
  });

  it("accepts an optional Idempotency-Key: a repeat is replayed, another page under it refused (422)", async () => {
    const user = await signedInUser(test);
    const key = idempotencyKey();
    const first = await putLastPage(user.cookie, { last_page: "/education" }, { "idempotency-key": key });
    expect(first.statusCode).toBe(200);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const again = await putLastPage(user.cookie, { last_page: "/education" }, { "idempotency-key": key });
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toStrictEqual(first.json());
    expect((await putLastPage(user.cookie, { last_page: "/about" })).statusCode).toBe(200);
    // The replay does not move the applicant back.
    await putLastPage(user.cookie, { last_page: "/education" }, { "idempotency-key": key });
    expect(await lastPage(user.cookie)).toBe("/about");
    const other = await putLastPage(user.cookie, { last_page: "/final-steps" }, { "idempotency-key": key });
    expect(other.statusCode).toBe(422);
    expect(await lastPage(user.cookie)).toBe("/about");
  });

  it("refuses a malformed Idempotency-Key", async () => {
    const user = await signedInUser(test);
    const response = await putLastPage(user.cookie, { last_page: "/about" }, { "idempotency-key": "a b" });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain("Idempotency-Key");
    expect(await lastPage(user.cookie)).toBeNull();
  });

  it("answers 403 without the client header and stores nothing", async () => {
    const user = await signedInUser(test);
    const response = await test.app.inject({
      method: "PUT",
      url: "/api/last-page",
      headers: { cookie: user.cookie },
      payload: { last_page: "/final-steps" },
    });
    expect(response.statusCode).toBe(403);
    expect(typeof response.json().message).toBe("string");
    expect(await lastPage(user.cookie)).toBeNull();
  });

  it("answers 401 without a session", async () => {
    const response = await test.app.inject({
      method: "PUT",
      url: "/api/last-page",
      headers: { [CLIENT_HEADER]: "1" },
      payload: { last_page: "/about" },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toStrictEqual({ message: UNAUTHORIZED_MESSAGE });
  });
});
