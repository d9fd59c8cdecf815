import { and, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { throttles } from "../../server/db/schema";
import { IP_FAILURE_LIMIT } from "../../server/services/login";
import { sha256Hex } from "../../server/services/secrets";
import { parseTrustProxy, type TrustProxy } from "../../server/trust-proxy";
import { login, OTHER_PASSWORD, randomIp, recordIpFailures, uniqueAddress } from "../helpers/auth";
import { createSiblingApp, createTestApp, type TestApp } from "../helpers/test-app";

// TRUST_PROXY (decision 0006): only X-Forwarded-For entries written by our own proxies count for
// the client's address. Issue 11: with "true" every entry was believed, and a client that rotated
// the leftmost (its own) entry was never refused by the per-IP login limit.

let base: TestApp;
const apps: TestApp[] = [];
beforeAll(async () => {
  base = await createTestApp();
});
afterAll(async () => {
  await Promise.all(apps.map((test) => test.close()));
  await base?.close();
});

/** The app configured with TRUST_PROXY = `trust`, on the same database as the others. */
async function appTrusting(trust: TrustProxy): Promise<TestApp> {
  const test = await createSiblingApp(base, { trustProxy: trust });
  apps.push(test);
  return test;
}

/** A failed login from `socket` whose X-Forwarded-For is `forwarded` (left to right). */
function failedLogin(test: TestApp, socket: string, forwarded: string[]): Promise<LightMyRequestResponse> {
  return login(test, uniqueAddress("spoof"), OTHER_PASSWORD, {
    ip: socket,
    headers: { "x-forwarded-for": forwarded.join(", ") },
  });
}

it("refuses 60 failed logins from one client behind the proxy with 429 after the limit, however it rotates the leftmost X-Forwarded-For entry (TRUST_PROXY=true)", async () => {
  const trust = parseTrustProxy("true");
  expect(trust).toBe(1);
  const test = await appTrusting(trust ?? false);
  const proxy = randomIp();
  const client = randomIp();
  // The client has failed all but 50 of its allowance already (hundreds of logins would take minutes).
  await recordIpFailures(test, client, IP_FAILURE_LIMIT - 50);
  const statuses: number[] = [];
  // In tens, concurrently: the counter is one atomic upsert, so exactly the first 50 counted pass.
  for (let round = 0; round < 6; round++) {
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => failedLogin(test, proxy, [randomIp(), client])),
    );
    statuses.push(...responses.map((response) => response.statusCode));
  }
  expect(statuses.filter((status) => status === 400)).toHaveLength(50);
  expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  expect(statuses.slice(-10)).toStrictEqual(Array(10).fill(429));
}, 120_000);

/** True when a failed login was counted against `ip` (the per-IP counter is keyed by its hash). */
async function countedAgainst(test: TestApp, ip: string): Promise<boolean> {
  const rows = await test.database.db
    .select()
    .from(throttles)
    .where(and(eq(throttles.scope, "login-ip"), eq(throttles.subjectHash, sha256Hex(ip))));
  return rows.length > 0;
}

type Addresses = { proxy: string; outer: string; spoofed: string; client: string; direct: string };

describe("the address a failed login is counted against", () => {
  it.each<[string, TrustProxy, (ips: Addresses) => [socket: string, forwarded: string[]], keyof Addresses]>([
    ["no proxy (the default): the socket", false, (a) => [a.proxy, [a.spoofed, a.client]], "proxy"],
    ["one proxy: the entry it appended", 1, (a) => [a.proxy, [a.spoofed, a.client]], "client"],
    [
      "two proxies: the entry the outer one appended",
      2,
      (a) => [a.proxy, [a.spoofed, a.client, a.outer]],
      "client",
    ],
    [
      "listed proxies: the rightmost address that is not one of them",
      ["10.0.0.0/8", "192.168.7.7"],
      (a) => ["10.1.2.3", [a.spoofed, a.client, "192.168.7.7"]],
      "client",
    ],
    [
      "listed proxies, reached directly: the socket (a direct client cannot spoof the header)",
      ["10.0.0.0/8"],
      (a) => [a.direct, [a.spoofed, a.client]],
      "direct",
    ],
  ])("%s", async (_label, trust, route, expected) => {
    const test = await appTrusting(trust);
    const ips: Addresses = {
      proxy: randomIp(),
      outer: randomIp(),
      spoofed: randomIp(),
      client: `203.0.113.${1 + Math.floor(Math.random() * 254)}`,
      direct: `198.51.100.${1 + Math.floor(Math.random() * 254)}`,
    };
    const [socket, forwarded] = route(ips);
    expect((await failedLogin(test, socket, forwarded)).statusCode).toBe(400);
    expect(await countedAgainst(test, ips[expected])).toBe(true);
    expect(await countedAgainst(test, ips.spoofed)).toBe(false);
  });
});
