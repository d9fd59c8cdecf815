import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  IDLE_TIMEOUT_MS,
  LOGGED_IN_HINT_COOKIE,
  SESSION_COOKIE,
  SESSION_MAX_AGE_MS,
} from "../../src/shared/constants";
import { UNAUTHORIZED_MESSAGE } from "../../src/shared/messages";
import { clearsSessionCookies, getProfile, responseCookies } from "../helpers/api";
import { clientHeaders, createTestApp, signedInUser, type TestApp } from "../helpers/test-app";

const MINUTE = 60_000;

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test?.close();
});

function logout(cookie: string, extra: Record<string, string> = {}) {
  return test.app.inject({ method: "GET", url: "/api/logout", headers: clientHeaders(cookie, extra) });
}

async function expectUnauthorized(cookie: string) {
  const response = await getProfile(test, cookie);
  expect(response.statusCode).toBe(401);
  expect(response.json()).toStrictEqual({ message: UNAUTHORIZED_MESSAGE });
  return response;
}

describe("logout", () => {
  it("ends the session server-side: the same cookie is refused afterwards", async () => {
    const user = await signedInUser(test);
    expect((await getProfile(test, user.cookie)).statusCode).toBe(200);
    const response = await logout(user.cookie);
    expect(response.statusCode).toBe(200);
    expect(typeof response.json().message).toBe("string");
    await expectUnauthorized(user.cookie);
    expect((await logout(user.cookie)).statusCode).toBe(401);
  });

  it("ends only that session", async () => {
    const alice = await signedInUser(test);
    const bob = await signedInUser(test);
    expect((await logout(alice.cookie)).statusCode).toBe(200);
    expect((await getProfile(test, bob.cookie)).statusCode).toBe(200);
  });

  it("clears both cookies with the attributes they were set with", async () => {
    const user = await signedInUser(test);
    const response = await logout(user.cookie);
    expect(clearsSessionCookies(response)).toBe(true);
    const cookies = responseCookies(response);
    const session = cookies.get(SESSION_COOKIE);
    expect(session).toMatchObject({ value: "", path: "/", httpOnly: true, sameSite: "Lax" });
    expect(session?.secure).toBeFalsy();
    const hint = cookies.get(LOGGED_IN_HINT_COOKIE);
    expect(hint).toMatchObject({ value: "", path: "/", sameSite: "Lax" });
    expect(hint?.httpOnly).toBeFalsy();
    expect(hint?.secure).toBeFalsy();
  });

  it("ignores X-Forwarded-Proto (trustProxy is off): still no Secure flag", async () => {
    const user = await signedInUser(test);
    const response = await logout(user.cookie, { "x-forwarded-proto": "https" });
    expect(response.statusCode).toBe(200);
    for (const cookie of responseCookies(response).values()) expect(cookie.secure).toBeFalsy();
    const raw = ([] as string[]).concat(response.headers["set-cookie"] ?? []);
    expect(raw).toHaveLength(2);
    for (const header of raw) expect(header.toLowerCase()).not.toContain("secure");
  });
});

describe("expiry", () => {
  it("refuses a session idle for 15 minutes and clears its cookies", async () => {
    const user = await signedInUser(test);
    test.advanceClock(IDLE_TIMEOUT_MS);
    const response = await expectUnauthorized(user.cookie);
    expect(clearsSessionCookies(response)).toBe(true);
    // It is gone, not merely refused once.
    await expectUnauthorized(user.cookie);
  });

  it("keeps a session idle for 14 minutes", async () => {
    const user = await signedInUser(test);
    test.advanceClock(14 * MINUTE);
    const response = await getProfile(test, user.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("counts idleness from the last request, not from sign-in", async () => {
    const user = await signedInUser(test);
    test.advanceClock(10 * MINUTE);
    expect((await getProfile(test, user.cookie)).statusCode).toBe(200);
    test.advanceClock(10 * MINUTE);
    expect((await getProfile(test, user.cookie)).statusCode).toBe(200);
    test.advanceClock(10 * MINUTE);
    expect((await getProfile(test, user.cookie)).statusCode).toBe(200);
    test.advanceClock(15 * MINUTE);
    await expectUnauthorized(user.cookie);
  });

  it("ends a session 12 hours after sign-in whatever the activity", async () => {
    const user = await signedInUser(test);
    const step = 10 * MINUTE;
    const steps = SESSION_MAX_AGE_MS / step;
    for (let i = 1; i < steps; i++) {
      test.advanceClock(step);
      const response = await getProfile(test, user.cookie);
      expect(response.statusCode, `after ${(i * step) / MINUTE} minutes`).toBe(200);
    }
    test.advanceClock(step);
    await expectUnauthorized(user.cookie);
  });

  it("refuses a session 12 hours and a minute after sign-in", async () => {
    const user = await signedInUser(test);
    test.advanceClock(SESSION_MAX_AGE_MS + MINUTE);
    await expectUnauthorized(user.cookie);
  });
});
