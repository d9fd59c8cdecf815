import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  IDLE_TIMEOUT_MS,
  LOGGED_IN_HINT_COOKIE,
  SECURE_COOKIE_PREFIX,
  SESSION_COOKIE,
  SESSION_MAX_AGE_MS,
} from "../../src/shared/constants";
import { UNAUTHORIZED_MESSAGE } from "../../src/shared/messages";
import { clearsSessionCookies, getProfile, logout, putAnswers, responseCookies } from "../helpers/api";
import { createAccount, login, PASSWORD } from "../helpers/auth";
import {
  clientHeaders,
  createSiblingApp,
  createTestApp,
  signedInUser,
  type TestApp,
} from "../helpers/test-app";

const MINUTE = 60_000;

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test?.close();
});

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
    const response = await logout(test, user.cookie);
    expect(response.statusCode).toBe(200);
    expect(typeof response.json().message).toBe("string");
    await expectUnauthorized(user.cookie);
    expect((await logout(test, user.cookie)).statusCode).toBe(401);
  });

  it("ends only that session", async () => {
    const alice = await signedInUser(test);
    const bob = await signedInUser(test);
    expect((await logout(test, alice.cookie)).statusCode).toBe(200);
    expect((await getProfile(test, bob.cookie)).statusCode).toBe(200);
  });

  it("clears both cookies with the attributes they were set with", async () => {
    const user = await signedInUser(test);
    const response = await logout(test, user.cookie);
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
    const response = await logout(test, user.cookie, { "x-forwarded-proto": "https" });
    expect(response.statusCode).toBe(200);
    for (const cookie of responseCookies(response).values()) expect(cookie.secure).toBeFalsy();
    const raw = ([] as string[]).concat(response.headers["set-cookie"] ?? []);
    expect(raw).toHaveLength(2);
    for (const header of raw) expect(header.toLowerCase()).not.toContain("secure");
  });
});

// Every API call checks the session through the hook but the save, which checks it in its own
// statement (issue 15): the same rules, both ways.
const sessionChecks = [
  ["GET /api/profile", (cookie: string) => getProfile(test, cookie)],
  ["PUT /api/answer", (cookie: string) => putAnswers(test, cookie, { first_name: "Ada" })],
] as const;

describe.each(sessionChecks)("expiry, checked by %s", (_, call) => {
  async function expectSignedOut(cookie: string) {
    const response = await call(cookie);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toStrictEqual({ message: UNAUTHORIZED_MESSAGE });
    return response;
  }

  it("refuses a session idle for 15 minutes and clears its cookies", async () => {
    const user = await signedInUser(test);
    test.advanceClock(IDLE_TIMEOUT_MS);
    const response = await expectSignedOut(user.cookie);
    expect(clearsSessionCookies(response)).toBe(true);
    // It is gone, not merely refused once.
    await expectSignedOut(user.cookie);
  });

  it("keeps a session idle for 14 minutes", async () => {
    const user = await signedInUser(test);
    test.advanceClock(14 * MINUTE);
    const response = await call(user.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("counts idleness from the last request, not from sign-in", async () => {
    const user = await signedInUser(test);
    test.advanceClock(10 * MINUTE);
    expect((await call(user.cookie)).statusCode).toBe(200);
    test.advanceClock(10 * MINUTE);
    expect((await call(user.cookie)).statusCode).toBe(200);
    test.advanceClock(10 * MINUTE);
    expect((await call(user.cookie)).statusCode).toBe(200);
    test.advanceClock(15 * MINUTE);
    await expectSignedOut(user.cookie);
  });

  it("counts only API calls as activity: other requests neither read nor extend the session", async () => {
    const user = await signedInUser(test);
    test.advanceClock(10 * MINUTE);
    // A page, a probe and a lookup with the cookie (a signed-in browser sends it with every
    // request; issue 15: the session is read only where a route needs it).
    for (const url of ["/about", "/healthz", "/no-such-file.js"]) {
      const response = await test.app.inject({ method: "GET", url, headers: { cookie: user.cookie } });
      expect(response.statusCode).toBeLessThan(500);
      expect(response.headers["set-cookie"]).toBeUndefined();
    }
    test.advanceClock(5 * MINUTE);
    await expectSignedOut(user.cookie);
  });

  it("ends a session 12 hours after sign-in whatever the activity", async () => {
    const user = await signedInUser(test);
    const step = 10 * MINUTE;
    const steps = SESSION_MAX_AGE_MS / step;
    for (let i = 1; i < steps; i++) {
      test.advanceClock(step);
      const response = await call(user.cookie);
      expect(response.statusCode, `after ${(i * step) / MINUTE} minutes`).toBe(200);
    }
    test.advanceClock(step);
    await expectSignedOut(user.cookie);
  });

  it("refuses a session 12 hours and a minute after sign-in", async () => {
    const user = await signedInUser(test);
    test.advanceClock(SESSION_MAX_AGE_MS + MINUTE);
    await expectSignedOut(user.cookie);
  });
});

describe("over HTTPS (behind a TLS-terminating proxy): __Host- cookies (ASVS 5.0 V3.3.1)", () => {
  const SECURE_SESSION = `${SECURE_COOKIE_PREFIX}${SESSION_COOKIE}`;
  const SECURE_HINT = `${SECURE_COOKIE_PREFIX}${LOGGED_IN_HINT_COOKIE}`;
  const HTTPS = { "x-forwarded-proto": "https" };
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createSiblingApp(test, { trustProxy: 1 });
  });
  afterAll(async () => {
    await proxied?.close();
  });

  function profile(cookie: string, headers: Record<string, string> = HTTPS) {
    return proxied.app.inject({
      method: "GET",
      url: "/api/profile",
      headers: clientHeaders(cookie, headers),
    });
  }

  async function secureLogin() {
    const account = await createAccount(proxied);
    const response = await login(proxied, account.username, PASSWORD, { headers: HTTPS });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  }

  it("signs in with Secure cookies named __Host-…, Path=/ and no Domain", async () => {
    const cookies = responseCookies(await secureLogin());
    expect([...cookies.keys()].sort()).toStrictEqual([SECURE_HINT, SECURE_SESSION]);
    const session = cookies.get(SECURE_SESSION);
    expect(session).toMatchObject({ path: "/", secure: true, httpOnly: true, sameSite: "Lax" });
    expect(session?.domain).toBeUndefined();
    expect(session?.value).toBeTruthy();
    const hint = cookies.get(SECURE_HINT);
    expect(hint).toMatchObject({ value: "1", path: "/", secure: true, sameSite: "Lax" });
    expect(hint?.httpOnly).toBeFalsy();
    expect(hint?.domain).toBeUndefined();
  });

  it("recognises the session under its __Host- name only: an unprefixed cookie (plantable by a subdomain) is refused and cleared", async () => {
    const token = responseCookies(await secureLogin()).get(SECURE_SESSION)?.value ?? "";
    expect((await profile(`${SECURE_SESSION}=${token}`)).statusCode).toBe(200);
    const planted = await profile(`${SESSION_COOKIE}=${token}; ${LOGGED_IN_HINT_COOKIE}=1`);
    expect(planted.statusCode).toBe(401);
    const cleared = responseCookies(planted);
    for (const name of [SECURE_SESSION, SECURE_HINT, SESSION_COOKIE, LOGGED_IN_HINT_COOKIE]) {
      expect(cleared.get(name), name).toMatchObject({ value: "", path: "/" });
    }
    // Over plain HTTP the prefixed name is not read (a browser sends it only over HTTPS anyway).
    expect((await profile(`${SECURE_SESSION}=${token}`, {})).statusCode).toBe(401);
  });

  it("logs out clearing the __Host- cookies (Secure, so the browser accepts the clearing) and the old plain ones", async () => {
    const token = responseCookies(await secureLogin()).get(SECURE_SESSION)?.value ?? "";
    const response = await proxied.app.inject({
      method: "GET",
      url: "/api/logout",
      headers: clientHeaders(`${SECURE_SESSION}=${token}`, HTTPS),
    });
    expect(response.statusCode).toBe(200);
    const cookies = responseCookies(response);
    expect(cookies.get(SECURE_SESSION)).toMatchObject({ value: "", path: "/", secure: true, maxAge: 0 });
    expect(cookies.get(SECURE_HINT)).toMatchObject({ value: "", path: "/", secure: true, maxAge: 0 });
    expect(cookies.get(SESSION_COOKIE)).toMatchObject({ value: "", maxAge: 0 });
    expect((await profile(`${SECURE_SESSION}=${token}`)).statusCode).toBe(401);
  });

  it("keeps the plain names over plain HTTP behind the same proxy", async () => {
    const account = await createAccount(proxied);
    const response = await login(proxied, account.username, PASSWORD, {
      headers: { "x-forwarded-proto": "http" },
    });
    expect([...responseCookies(response).keys()].sort()).toStrictEqual([
      LOGGED_IN_HINT_COOKIE,
      SESSION_COOKIE,
    ]);
  });
});
