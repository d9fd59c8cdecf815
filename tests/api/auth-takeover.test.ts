import { readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signupPasswords, users } from "../../server/db/schema";
import { hashPassword } from "../../server/services/passwords";
import { SIGNUP_COOKIE } from "../../src/shared/constants";
import { login, OTHER_PASSWORD, PASSWORD, postPublic, uniqueAddress } from "../helpers/auth";
import { codeIn, linkIn, startSmtp, type TestSmtp } from "../helpers/smtp";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../helpers/test-app";

// Issue 36, first point: a sign-up for an address that is waiting for confirmation must not give
// the account its password. The mailbox's owner ("owner") and someone else who knows the address
// ("attacker") each sign up from their own browser, in either order; the owner confirms with the
// newest code in the mailbox. Only the owner's password may open the confirmed account.

const ATTACKER_PASSWORD = OTHER_PASSWORD;
const CONFIRMED = "Your account has been confirmed. Please log in.";
const CHOOSE_PASSWORD =
  "Your account has been confirmed. To keep it safe, we've e-mailed you a link to choose your password.";

let smtp: TestSmtp;
let test: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  test = await createTestApp({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await test?.close();
  await smtp?.close();
});

/** A browser: keeps the cookies its answers set, as a browser's cookie jar does for this origin. */
class Browser {
  private readonly jar = new Map<string, string>();
  private keep(response: LightMyRequestResponse): LightMyRequestResponse {
    for (const cookie of response.cookies) {
      if (cookie.maxAge === 0 || cookie.value === "") this.jar.delete(cookie.name);
      else this.jar.set(cookie.name, cookie.value);
    }
    return response;
  }
  private get cookieHeader(): Record<string, string> {
    if (this.jar.size === 0) return {};
    return { cookie: [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ") };
  }
  async post(url: string, payload: Record<string, unknown>) {
    return this.keep(await postPublic(test, url, payload, { headers: this.cookieHeader }));
  }
  signUp(username: string, password: string) {
    return this.post("/public/signup", { username, password });
  }
  confirm(username: string, code: string) {
    return this.post("/public/confirm", { username, code });
  }
  logIn(username: string, password: string) {
    return this.post("/public/login", { username, password });
  }
}

/** Signs up in `browser` and returns the code that sign-up's mail carried. */
async function signUpFor(browser: Browser, address: string, password: string): Promise<string> {
  const response = await browser.signUp(address, password);
  expect(response.statusCode).toBe(200);
  return codeIn(await smtp.nextMailTo(address));
}

async function expectOnlyOwnerOpens(address: string) {
  expect((await login(test, address, ATTACKER_PASSWORD)).statusCode).toBe(400);
  expect((await login(test, address, PASSWORD)).statusCode).toBe(200);
}

describe("a second sign-up for an unconfirmed address (pre-account takeover)", () => {
  it("owner first: confirmed in the owner's browser with the newest code, only the owner's password opens it", async () => {
    const address = uniqueAddress("owner-first");
    const owner = new Browser();
    const attacker = new Browser();
    await signUpFor(owner, address, PASSWORD);
    const newest = await signUpFor(attacker, address, ATTACKER_PASSWORD);

    const confirmed = await owner.confirm(address, newest);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toStrictEqual({ message: CONFIRMED });
    await expectOnlyOwnerOpens(address);
  });

  it("attacker first: confirmed in the owner's browser with the newest code, only the owner's password opens it", async () => {
    const address = uniqueAddress("attacker-first");
    const owner = new Browser();
    const attacker = new Browser();
    await signUpFor(attacker, address, ATTACKER_PASSWORD);
    const newest = await signUpFor(owner, address, PASSWORD);

    expect((await owner.confirm(address, newest)).json()).toStrictEqual({ message: CONFIRMED });
    await expectOnlyOwnerOpens(address);
  });

  it("a wrong code from the attacker's browser changes nothing", async () => {
    const address = uniqueAddress("guess");
    const owner = new Browser();
    const attacker = new Browser();
    await signUpFor(owner, address, PASSWORD);
    const newest = await signUpFor(attacker, address, ATTACKER_PASSWORD);
    // The attacker cannot confirm without the code: a wrong one changes nothing.
    const guess = String((Number(newest) + 1) % 1_000_000).padStart(6, "0");
    expect((await attacker.confirm(address, guess)).statusCode).toBe(400);
    expect((await owner.confirm(address, newest)).statusCode).toBe(200);
    await expectOnlyOwnerOpens(address);
  });

  it("confirmed from a browser that made neither sign-up: no password is taken, the owner is mailed a link to choose one", async () => {
    for (const order of ["owner-first", "attacker-first"] as const) {
      const address = uniqueAddress(`elsewhere-${order}`);
      const sequence: [Browser, string][] = [
        [new Browser(), PASSWORD],
        [new Browser(), ATTACKER_PASSWORD],
      ];
      if (order === "attacker-first") sequence.reverse();
      let newest = "";
      for (const [browser, password] of sequence) newest = await signUpFor(browser, address, password);

      const phone = new Browser();
      const confirmed = await phone.confirm(address, newest);
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toStrictEqual({ message: CHOOSE_PASSWORD });
      expect((await login(test, address, ATTACKER_PASSWORD)).statusCode).toBe(400);
      expect((await login(test, address, PASSWORD)).statusCode).toBe(400);

      // The mailbox's owner chooses the password through the mailed link.
      const link = linkIn(await smtp.nextMailTo(address), `${TEST_PUBLIC_URL}/reset`);
      const reset = await phone.post("/public/reset-password", {
        username: address,
        password: PASSWORD,
        confirm_password: PASSWORD,
        id: link.searchParams.get("id"),
      });
      expect(reset.statusCode).toBe(200);
      await expectOnlyOwnerOpens(address);
    }
  });

  it("a login with the owner's password on another device lets that device confirm with it", async () => {
    const address = uniqueAddress("login-then-confirm");
    await signUpFor(new Browser(), address, PASSWORD);
    const newest = await signUpFor(new Browser(), address, ATTACKER_PASSWORD);

    const phone = new Browser();
    const refused = await phone.logIn(address, PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ reason: "unconfirmed" });
    expect((await phone.confirm(address, newest)).json()).toStrictEqual({ message: CONFIRMED });
    await expectOnlyOwnerOpens(address);
  });

  it("a login with a wrong password to an unconfirmed account binds nothing and says the password is wrong", async () => {
    const address = uniqueAddress("wrong-login");
    const code = await signUpFor(new Browser(), address, PASSWORD);
    const stranger = new Browser();
    expect((await stranger.logIn(address, "Not-The-Password-1")).statusCode).toBe(400);
    // One sign-up only: any browser confirming gets that sign-up's password, as before.
    expect((await stranger.confirm(address, code)).json()).toStrictEqual({ message: CONFIRMED });
    expect((await login(test, address, PASSWORD)).statusCode).toBe(200);
  });

  it("one sign-up confirmed on another device keeps its password (the usual case is unchanged)", async () => {
    const address = uniqueAddress("one-signup");
    const code = await signUpFor(new Browser(), address, PASSWORD);
    expect((await new Browser().confirm(address, code)).json()).toStrictEqual({ message: CONFIRMED });
    expect((await login(test, address, PASSWORD)).statusCode).toBe(200);
  });

  it("the same password signed up twice, from two browsers, is one sign-up: confirmed anywhere with it", async () => {
    const address = uniqueAddress("twice");
    await signUpFor(new Browser(), address, PASSWORD);
    const newest = await signUpFor(new Browser(), address, PASSWORD);
    const [user] = await test.database.db.select().from(users).where(eq(users.username, address));
    const pending = await test.database.db
      .select()
      .from(signupPasswords)
      .where(eq(signupPasswords.userId, user?.id ?? ""));
    expect(pending).toHaveLength(1);
    expect(pending[0]?.browserTokenHashes).toHaveLength(2);
    expect((await new Browser().confirm(address, newest)).json()).toStrictEqual({ message: CONFIRMED });
    expect((await login(test, address, PASSWORD)).statusCode).toBe(200);
    // Confirmation leaves no pending password behind.
    expect(
      await test.database.db
        .select()
        .from(signupPasswords)
        .where(eq(signupPasswords.userId, user?.id ?? "")),
    ).toHaveLength(0);
  });

  it("a sign-up for a confirmed account changes nothing, whatever browser confirms a code later", async () => {
    const address = uniqueAddress("confirmed");
    const owner = new Browser();
    const code = await signUpFor(owner, address, PASSWORD);
    expect((await owner.confirm(address, code)).statusCode).toBe(200);
    const attacker = new Browser();
    expect((await attacker.signUp(address, ATTACKER_PASSWORD)).statusCode).toBe(200);
    await smtp.nextMailTo(address); // "You already have an account"
    expect((await attacker.confirm(address, code)).statusCode).toBe(400);
    await expectOnlyOwnerOpens(address);
  });

  it("sets the browser's claim as an HttpOnly, SameSite=Strict cookie on every sign-up answer, and the confirmation clears it", async () => {
    const address = uniqueAddress("cookie");
    const browser = new Browser();
    const answers = [await browser.signUp(address, PASSWORD), await browser.signUp(address, PASSWORD)];
    for (const answer of answers) {
      const cookie = answer.cookies.find((c) => c.name === SIGNUP_COOKIE);
      expect(cookie?.value).toMatch(/^[\w-]{43}$/);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
    }
    await smtp.nextMailTo(address);
    const code = codeIn(await smtp.nextMailTo(address));
    const confirmed = await browser.confirm(address, code);
    const cleared = confirmed.cookies.find((c) => c.name === SIGNUP_COOKIE);
    expect(cleared?.value).toBe("");
  });
});

describe("migration 0014: a password pending under the old scheme", () => {
  it("moves to the account's pending passwords, so any browser's confirmation keeps it", async () => {
    const address = uniqueAddress("migrated");
    const [user] = await test.database.db
      .insert(users)
      .values({ username: address, passwordHash: await hashPassword(PASSWORD) })
      .returning({ id: users.id });
    const confirmedBefore = uniqueAddress("confirmed-before");
    await test.database.db.insert(users).values({
      username: confirmedBefore,
      passwordHash: await hashPassword(PASSWORD),
      confirmedAt: new Date(),
    });

    // The migration's hand-written statements (the table exists already in this database).
    const script = await readFile(
      path.resolve("server/db/migrations/0014_pending_signup_passwords.sql"),
      "utf8",
    );
    const handWritten = script.slice(script.indexOf("-- Hand-written"));
    for (const statement of handWritten.split("--> statement-breakpoint")) {
      await test.database.sql.executeSql(statement);
    }

    const [after] = await test.database.db
      .select()
      .from(users)
      .where(eq(users.id, user?.id ?? ""));
    expect(after?.passwordHash).toBeNull();
    const [mailed] = await Promise.all([
      smtp.nextMailTo(address),
      new Browser().post("/public/resend-confirm", { username: address }),
    ]);
    expect((await new Browser().confirm(address, codeIn(mailed))).json()).toStrictEqual({
      message: CONFIRMED,
    });
    expect((await login(test, address, PASSWORD)).statusCode).toBe(200);
    expect((await login(test, confirmedBefore, PASSWORD)).statusCode).toBe(200);
  });
});
