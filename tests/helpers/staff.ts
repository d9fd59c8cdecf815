import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { inviteStaff } from "../../server/services/staff-accounts";
import { CLIENT_HEADER } from "../../src/shared/constants";
import { STAFF_CALLS, STAFF_SESSION_COOKIE, STAFF_SIGN_IN_COOKIE } from "../../src/shared/staff";
import { PASSWORD, randomIp } from "./auth";
import { codeIn, type TestSmtp } from "./smtp";
import type { TestApp } from "./test-app";

// The staff review's calls as the staff app makes them (decision 0022): JSON, our client's header.

export function staffPost(
  test: TestApp,
  url: string,
  payload: unknown,
  options: { cookie?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return test.app.inject({
    method: "POST",
    url,
    headers: {
      [CLIENT_HEADER]: "1",
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    payload: payload as Record<string, unknown>,
    remoteAddress: options.ip ?? randomIp(),
  });
}

export function staffGet(test: TestApp, url: string, cookie?: string): Promise<LightMyRequestResponse> {
  return test.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
}

/** A cookie header with `name`'s value from a response that set it. */
export function cookieFrom(response: LightMyRequestResponse, name: string): string {
  const cookie = response.cookies.find((candidate) => candidate.name === name);
  if (!cookie?.value) throw new Error(`no ${name} cookie in ${response.statusCode} ${response.body}`);
  return `${name}=${cookie.value}`;
}

/** A staff account with its password set through an invitation (as the link's page sets it). */
export async function staffMember(
  test: TestApp,
  email = `staff-${randomUUID()}@northbridge.example`,
  password = PASSWORD,
): Promise<{ email: string; password: string }> {
  const { token } = await inviteStaff(test.database.db, email, test.app.clock());
  const set = await staffPost(test, STAFF_CALLS.setPassword, { token, password });
  if (set.statusCode !== 200) throw new Error(`set-password answered ${set.statusCode}: ${set.body}`);
  return { email, password };
}

/** Signs in with the password and the mailed code; answers the staff session's cookie header. */
export async function staffSession(
  test: TestApp,
  smtp: TestSmtp,
  staff: { email: string; password: string },
): Promise<string> {
  const signIn = await staffPost(test, STAFF_CALLS.signIn, staff);
  if (signIn.statusCode !== 200) throw new Error(`sign-in answered ${signIn.statusCode}: ${signIn.body}`);
  const code = codeIn(await smtp.nextMailTo(staff.email));
  const verified = await staffPost(
    test,
    STAFF_CALLS.verifyCode,
    { code },
    { cookie: cookieFrom(signIn, STAFF_SIGN_IN_COOKIE) },
  );
  if (verified.statusCode !== 200)
    throw new Error(`verify-code answered ${verified.statusCode}: ${verified.body}`);
  return cookieFrom(verified, STAFF_SESSION_COOKIE);
}
