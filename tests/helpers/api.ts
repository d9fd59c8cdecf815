import type { LightMyRequestResponse } from "fastify";
import type { Profile } from "../../src/shared/api-types";
import { LOGGED_IN_HINT_COOKIE, SESSION_COOKIE } from "../../src/shared/constants";
import { clientHeaders, idempotencyKey, type TestApp } from "./test-app";

/** The profile body of spec §3 (the tests assert its exact shape at run time). */
export type ProfileBody = Profile;

/** GET /api/logout as our client sends it (`extra` headers on top). */
export function logout(
  test: TestApp,
  cookie: string,
  extra: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return test.app.inject({ method: "GET", url: "/api/logout", headers: clientHeaders(cookie, extra) });
}

export function getProfile(test: TestApp, cookie: string): Promise<LightMyRequestResponse> {
  return test.app.inject({ method: "GET", url: "/api/profile", headers: clientHeaders(cookie) });
}

/** The stored answers, read back through the profile (the way the client sees them). */
export async function storedAnswers(test: TestApp, cookie: string): Promise<Record<string, string>> {
  const response = await getProfile(test, cookie);
  if (response.statusCode !== 200)
    throw new Error(`profile answered ${response.statusCode}: ${response.body}`);
  return (response.json() as ProfileBody).answer;
}

/**
 * PUT /api/answer as the client sends it: `body` (any JSON value) serialised as JSON, or `raw` sent
 * verbatim as application/json.
 */
export function putAnswers(
  test: TestApp,
  cookie: string,
  body: unknown,
  options: { key?: string | null; headers?: Record<string, string>; raw?: string } = {},
): Promise<LightMyRequestResponse> {
  const key = options.key === undefined ? idempotencyKey() : options.key;
  const headers: Record<string, string> = {
    ...clientHeaders(cookie),
    "content-type": "application/json",
    ...options.headers,
  };
  if (key !== null) headers["idempotency-key"] = key;
  const payload = options.raw ?? JSON.stringify(body);
  return test.app.inject({ method: "PUT", url: "/api/answer", headers, payload });
}

/** The cookies a response sets, by name. */
export function responseCookies(response: LightMyRequestResponse) {
  return new Map(response.cookies.map((cookie) => [cookie.name, cookie]));
}

/** Asserts-by-return: true when both session cookies are cleared (empty value, expired) by the response. */
export function clearsSessionCookies(response: LightMyRequestResponse): boolean {
  const cookies = responseCookies(response);
  return [SESSION_COOKIE, LOGGED_IN_HINT_COOKIE].every((name) => {
    const cookie = cookies.get(name);
    if (!cookie) return false;
    const expired =
      cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
    return cookie.value === "" && expired && cookie.path === "/";
  });
}
