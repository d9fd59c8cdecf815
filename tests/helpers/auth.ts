import { randomInt, randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { signupPasswords, throttles, users } from "../../server/db/schema";
import { hashPassword } from "../../server/services/passwords";
import { sha256Hex } from "../../server/services/secrets";
import { CLIENT_HEADER, SESSION_COOKIE } from "../../src/shared/constants";
import type { TestApp } from "./test-app";

/** Meets every password rule of spec §5. */
export const PASSWORD = "Correct-Horse-9-battery";
export const OTHER_PASSWORD = "Another-Staple-7-horse";

/** A fresh address per call: tests share one database on PostgreSQL. */
export function uniqueAddress(label = "applicant"): string {
  return `${label}-${randomUUID()}@example.edu`;
}

/** A random private address, so per-IP login counters of different tests never meet. */
export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** POST to a /public/ call as our client sends it. */
export function postPublic(
  test: TestApp,
  url: string,
  payload: unknown,
  options: { headers?: Record<string, string>; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  return test.app.inject({
    method: "POST",
    url,
    headers: { [CLIENT_HEADER]: "1", ...options.headers },
    payload: payload as Record<string, unknown>,
    remoteAddress: options.ip ?? randomIp(),
  });
}

export function login(
  test: TestApp,
  username: string,
  password: string,
  options: { headers?: Record<string, string>; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  return postPublic(test, "/public/login", { username, password }, options);
}

/**
 * Records `count` failed logins from `ip` in a window opening now, as that many refused passwords
 * would (each costs a password hash: hundreds of them would take a busy machine minutes).
 */
export async function recordIpFailures(test: TestApp, ip: string, count: number): Promise<void> {
  const row = { scope: "login-ip", subjectHash: sha256Hex(ip), count, windowStart: test.app.clock() };
  await test.database.db
    .insert(throttles)
    .values(row)
    .onConflictDoUpdate({ target: [throttles.scope, throttles.subjectHash], set: row });
}

/** The session cookie header a login response set. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie?.value) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
  return `${SESSION_COOKIE}=${cookie.value}`;
}

/**
 * An account written straight to the database (the sign-up flow has its own tests). An unconfirmed
 * one has its password pending, as one sign-up leaves it, bound to no browser.
 */
export async function createAccount(
  test: TestApp,
  options: { username?: string; password?: string; confirmed?: boolean } = {},
): Promise<{ userId: string; username: string; password: string }> {
  const username = options.username ?? uniqueAddress();
  const password = options.password ?? PASSWORD;
  const confirmed = options.confirmed !== false;
  const passwordHash = await hashPassword(password);
  const [user] = await test.database.db
    .insert(users)
    .values({
      username,
      passwordHash: confirmed ? passwordHash : null,
      confirmedAt: confirmed ? test.app.clock() : null,
    })
    .returning({ id: users.id });
  if (!user) throw new Error("user insert returned nothing");
  if (!confirmed) await test.database.db.insert(signupPasswords).values({ userId: user.id, passwordHash });
  return { userId: user.id, username, password };
}

/** The message with the address replaced, to compare answers for different addresses. */
export function withoutAddress(response: LightMyRequestResponse, address: string): unknown {
  return { status: response.statusCode, body: response.body.replaceAll(address, "{address}") };
}
