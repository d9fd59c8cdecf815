import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResetTokens, users } from "../../server/db/schema";
import { partner } from "../../src/config/partner";
import { AUTH_MESSAGES } from "../../src/shared/auth-rules";
import { UNAUTHORIZED_MESSAGE } from "../../src/shared/messages";
import { getProfile } from "../helpers/api";
import {
  createAccount,
  login,
  OTHER_PASSWORD,
  PASSWORD,
  postPublic,
  sessionCookie,
  uniqueAddress,
  withoutAddress,
} from "../helpers/auth";
import { linkIn, startSmtp, type TestSmtp } from "../helpers/smtp";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../helpers/test-app";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const CHANGED = { message: "Your password has been changed. Please log in with your new password." };
const INVALID = { message: "This password reset link is invalid or has expired. Please request a new one." };
const TOO_MANY = {
  message:
    "Too many password reset e-mails have been requested for this address. Please try again in an hour.",
};
const requested = (address: string) => ({
  message: `If an account exists for ${address}, we've e-mailed a link to reset your password.`,
});

let smtp: TestSmtp;
let test: TestApp;
let clientDir: string;
beforeAll(async () => {
  clientDir = await mkdtemp(path.join(os.tmpdir(), "admissions-reset-client-"));
  await writeFile(path.join(clientDir, "index.html"), "<!doctype html><title>shell</title>");
  smtp = await startSmtp();
  test = await createTestApp({ smtpUrl: smtp.url, clientDir });
});
afterAll(async () => {
  await test?.close();
  await smtp?.close();
  if (clientDir) await rm(clientDir, { recursive: true, force: true });
});

function forgot(username: unknown, headers?: Record<string, string>) {
  return postPublic(test, "/public/forgot-password", { username }, { headers });
}

function reset(body: { username?: unknown; password?: unknown; confirm_password?: unknown; id?: unknown }) {
  return postPublic(test, "/public/reset-password", body);
}

/** Asks for a reset link for the address and returns the `id` from the mailed link. */
async function resetLinkFor(address: string): Promise<string> {
  expect((await forgot(address)).statusCode).toBe(200);
  const link = linkIn(await smtp.nextMailTo(address), `${TEST_PUBLIC_URL}/reset`);
  expect(link.searchParams.get("username")).toBe(address);
  return link.searchParams.get("id") ?? "";
}

function newPassword(username: string, id: string, password = OTHER_PASSWORD) {
  return reset({ username, password, confirm_password: password, id });
}

describe("POST /public/forgot-password", () => {
  it("mails a reset link built from PUBLIC_URL, whatever the request's Host header", async () => {
    const account = await createAccount(test);
    const response = await forgot(account.username, { host: "evil.example" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toStrictEqual(requested(account.username));

    const mail = await smtp.nextMailTo(account.username);
    expect(mail.subject).toBe(`Reset your ${partner.name} password`);
    expect(mail.raw).not.toContain("evil.example");
    const link = linkIn(mail, TEST_PUBLIC_URL);
    expect(link.origin + link.pathname).toBe(`${TEST_PUBLIC_URL}/reset`);
    expect([...link.searchParams.keys()]).toStrictEqual(["username", "id"]);
    const id = link.searchParams.get("id") ?? "";
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain(`href="${link.href.replaceAll("&", "&amp;")}"`);
    expect(mail.text).toContain(partner.helpEmail);

    // Stored only as a hash.
    const stored = await test.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, account.userId));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toBe(id);
  });

  it("answers a known and an unknown address alike; only the known one gets a mail", async () => {
    const account = await createAccount(test);
    const unknown = uniqueAddress();
    const known = withoutAddress(await forgot(account.username), account.username);
    expect(known).toStrictEqual({ status: 200, body: JSON.stringify(requested("{address}")) });
    expect(withoutAddress(await forgot(unknown), unknown)).toStrictEqual(known);
    await test.app.mailer.idle();
    expect(smtp.mailsTo(account.username)).toHaveLength(1);
    expect(smtp.mailsTo(unknown)).toHaveLength(0);
    await smtp.nextMailTo(account.username);
  });

  it("allows 5 requests an hour per address, known or not, then answers 429", async () => {
    for (const address of [uniqueAddress(), (await createAccount(test)).username]) {
      for (let i = 1; i <= 5; i++) expect((await forgot(address)).statusCode, `request ${i}`).toBe(200);
      const refused = await forgot(address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toStrictEqual(TOO_MANY);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }
  });

  it("refuses an invalid address with the forgot-password message", async () => {
    const response = await forgot("not@valid");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toStrictEqual({ message: AUTH_MESSAGES.emailInvalid });
  });
});

describe("POST /public/reset-password", () => {
  it("sets the new password and ends every session of the account", async () => {
    const account = await createAccount(test);
    const first = sessionCookie(await login(test, account.username, PASSWORD));
    const second = sessionCookie(await login(test, account.username, PASSWORD));
    const id = await resetLinkFor(account.username);

    const response = await newPassword(account.username, id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toStrictEqual(CHANGED);
    for (const cookie of [first, second]) {
      const profile = await getProfile(test, cookie);
      expect(profile.statusCode).toBe(401);
      expect(profile.json()).toStrictEqual({ message: UNAUTHORIZED_MESSAGE });
    }
    expect((await login(test, account.username, PASSWORD)).statusCode).toBe(400);
    expect((await login(test, account.username, OTHER_PASSWORD)).statusCode).toBe(200);
  });

  it("takes a link once", async () => {
    const account = await createAccount(test);
    const id = await resetLinkFor(account.username);
    expect((await newPassword(account.username, id)).statusCode).toBe(200);
    const again = await newPassword(account.username, id, "Third-Password-3!");
    expect(again.statusCode).toBe(400);
    expect(again.json()).toStrictEqual(INVALID);
    expect((await login(test, account.username, OTHER_PASSWORD)).statusCode).toBe(200);
  });

  it("lets only one of two simultaneous uses of a link succeed", async () => {
    const account = await createAccount(test);
    const id = await resetLinkFor(account.username);
    const both = await Promise.all([
      newPassword(account.username, id),
      newPassword(account.username, id, "Third-Password-3!"),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toStrictEqual([200, 400]);
  });

  it("uses up the account's other links too", async () => {
    const account = await createAccount(test);
    const older = await resetLinkFor(account.username);
    const newer = await resetLinkFor(account.username);
    expect((await newPassword(account.username, newer)).statusCode).toBe(200);
    expect((await newPassword(account.username, older, "Third-Password-3!")).json()).toStrictEqual(INVALID);
  });

  it("accepts a link for an hour and refuses it after", async () => {
    const early = await createAccount(test);
    const late = await createAccount(test);
    const earlyId = await resetLinkFor(early.username);
    const lateId = await resetLinkFor(late.username);
    test.advanceClock(HOUR - MINUTE);
    expect((await newPassword(early.username, earlyId)).statusCode).toBe(200);
    test.advanceClock(MINUTE);
    const response = await newPassword(late.username, lateId);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toStrictEqual(INVALID);
    expect((await login(test, late.username, PASSWORD)).statusCode).toBe(200);
  });

  it("refuses a link used with another address, leaving it valid for its own", async () => {
    const owner = await createAccount(test);
    const other = await createAccount(test);
    const id = await resetLinkFor(owner.username);
    const response = await newPassword(other.username, id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toStrictEqual(INVALID);
    expect((await login(test, other.username, PASSWORD)).statusCode).toBe(200);
    expect((await newPassword(owner.username, id)).statusCode).toBe(200);
  });

  it("refuses an unknown link", async () => {
    const account = await createAccount(test);
    const response = await newPassword(account.username, "x".repeat(43));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toStrictEqual(INVALID);
  });

  it("confirms an unconfirmed account (the link proves the address)", async () => {
    const account = await createAccount(test, { confirmed: false });
    expect((await login(test, account.username, PASSWORD)).statusCode).toBe(403);
    const id = await resetLinkFor(account.username);
    expect((await newPassword(account.username, id)).statusCode).toBe(200);
    const [user] = await test.database.db.select().from(users).where(eq(users.id, account.userId));
    expect(user?.confirmedAt).not.toBeNull();
    expect((await login(test, account.username, OTHER_PASSWORD)).statusCode).toBe(200);
  });

  it("lifts a login lock on the address", async () => {
    const account = await createAccount(test);
    for (let i = 1; i <= 6; i++) await login(test, account.username, "Wrong-Password-0!");
    expect((await login(test, account.username, PASSWORD)).statusCode).toBe(429);
    const id = await resetLinkFor(account.username);
    expect((await newPassword(account.username, id)).statusCode).toBe(200);
    expect((await login(test, account.username, OTHER_PASSWORD)).statusCode).toBe(200);
  });

  it("applies the password rules, keeping the link usable", async () => {
    const account = await createAccount(test);
    const id = await resetLinkFor(account.username);
    const weak = await reset({ username: account.username, password: "weak", confirm_password: "weak", id });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toStrictEqual({ message: AUTH_MESSAGES.passwordWeak });
    const mismatch = await reset({
      username: account.username,
      password: OTHER_PASSWORD,
      confirm_password: `${OTHER_PASSWORD}x`,
      id,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toStrictEqual({ message: AUTH_MESSAGES.passwordsMustMatch });
    expect((await newPassword(account.username, id)).statusCode).toBe(200);
  });

  it.each([
    [
      "an invalid address",
      { username: "nobody", password: PASSWORD, confirm_password: PASSWORD, id: "x" },
      AUTH_MESSAGES.emailInvalid,
    ],
    [
      "no confirmation",
      { username: "ada@example.edu", password: PASSWORD, id: "x" },
      AUTH_MESSAGES.passwordsMustMatch,
    ],
    [
      "no id",
      { username: "ada@example.edu", password: PASSWORD, confirm_password: PASSWORD },
      INVALID.message,
    ],
  ])("refuses %s with its message", async (_label, body, message) => {
    const response = await reset(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toStrictEqual({ message });
  });
});

describe("the reset page", () => {
  it("is served with Referrer-Policy: no-referrer, so the link's token is never sent on", async () => {
    const response = await test.app.inject({ method: "GET", url: "/reset?username=a%40b.edu&id=secret" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
  });

  it("keeps the link's token and the account's address out of the request log", async () => {
    const lines: string[] = [];
    const logged = await createTestApp({
      clientDir,
      logStream: { write: (line: string) => void lines.push(line) },
    });
    try {
      const response = await logged.app.inject({
        method: "GET",
        url: "/reset?username=a%40b.edu&id=s3cret-token",
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await logged.close();
    }
    const log = lines.join("");
    expect(log).toContain("/reset?username=[redacted]&id=[redacted]");
    expect(log).not.toContain("s3cret-token");
    expect(log).not.toMatch(/a(%40|@)b\.edu/);
    // One access line per request: what was asked, how it was answered, and how long it took.
    const access = lines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.req?.url?.startsWith("/reset"));
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({
      msg: "request completed",
      req: { method: "GET" },
      res: { statusCode: 200 },
    });
    expect(typeof access[0].responseTime).toBe("number");
  });

  it("does not change the policy of other pages", async () => {
    const response = await test.app.inject({ method: "GET", url: "/login" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });
});
