import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../src/shared/auth-rules";
import { createAccount, login, PASSWORD, postPublic, uniqueAddress, withoutAddress } from "../helpers/auth";
import { codeIn, startSmtp, type TestSmtp } from "../helpers/smtp";
import { createTestApp, type TestApp } from "../helpers/test-app";

const HOUR = 60 * 60 * 1000;
const CONFIRMED = { message: "Your account has been confirmed. Please log in." };
const WRONG = { message: "That confirmation code is not correct. Please check it and try again." };
const EXPIRED = { message: "That confirmation code has expired. Please request a new one." };
const DEAD = { message: "Too many incorrect attempts. Please request a new confirmation code." };
const TOO_MANY_CODES = {
  message: "Too many codes have been requested for this address. Please try again in an hour.",
};
const resent = (address: string) => ({
  message: `If ${address} is waiting for confirmation, we've sent it a new code.`,
});

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

function confirm(username: unknown, code: unknown) {
  return postPublic(test, "/public/confirm", { username, code });
}

function resend(username: unknown) {
  return postPublic(test, "/public/resend-confirm", { username });
}

/** Signs up a new address through the API; returns it with the code from its mail. */
async function signUp(address = uniqueAddress()): Promise<{ address: string; code: string }> {
  const response = await postPublic(test, "/public/signup", { username: address, password: PASSWORD });
  expect(response.statusCode).toBe(200);
  return { address, code: codeIn(await smtp.nextMailTo(address)) };
}

/** A six-digit code that is not `code`. */
function otherThan(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, "0");
}

describe("POST /public/confirm", () => {
  it("confirms the account with the mailed code, after which it can log in", async () => {
    const { address, code } = await signUp();
    expect((await login(test, address, PASSWORD)).statusCode).toBe(403);
    const response = await confirm(address, code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toStrictEqual(CONFIRMED);
    expect((await login(test, address, PASSWORD)).statusCode).toBe(200);
  });

  it("accepts the address in any case and with surrounding spaces", async () => {
    const { address, code } = await signUp();
    expect((await confirm(`  ${address.toUpperCase()} `, code)).json()).toStrictEqual(CONFIRMED);
  });

  it("takes a code once: used again, it is refused as expired", async () => {
    const { address, code } = await signUp();
    expect((await confirm(address, code)).statusCode).toBe(200);
    const again = await confirm(address, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toStrictEqual(EXPIRED);
  });

  it("refuses a wrong code; the fifth wrong one kills the code, even for the right code afterwards", async () => {
    const { address, code } = await signUp();
    for (let attempt = 1; attempt <= 4; attempt++) {
      const response = await confirm(address, otherThan(code));
      expect(response.statusCode, `attempt ${attempt}`).toBe(400);
      expect(response.json()).toStrictEqual(WRONG);
    }
    const fifth = await confirm(address, otherThan(code));
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json()).toStrictEqual(DEAD);
    const right = await confirm(address, code);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toStrictEqual(DEAD);
    expect((await login(test, address, PASSWORD)).statusCode).toBe(403);

    // A new code starts afresh.
    expect((await resend(address)).statusCode).toBe(200);
    const fresh = codeIn(await smtp.nextMailTo(address));
    expect((await confirm(address, fresh)).json()).toStrictEqual(CONFIRMED);
  });

  it("counts a burst of parallel guesses in full: four are told wrong, the rest that the code is dead", async () => {
    const { address, code } = await signUp();
    const burst = await Promise.all(Array.from({ length: 20 }, () => confirm(address, otherThan(code))));
    const bodies = burst.map((response) => response.json());
    expect(bodies.filter((body) => body.message === WRONG.message)).toHaveLength(4);
    expect(bodies.filter((body) => body.message === DEAD.message)).toHaveLength(16);
    expect((await confirm(address, code)).json()).toStrictEqual(DEAD);
  });

  it("accepts the right code after four wrong ones", async () => {
    const { address, code } = await signUp();
    for (let attempt = 1; attempt <= 4; attempt++) await confirm(address, otherThan(code));
    expect((await confirm(address, code)).json()).toStrictEqual(CONFIRMED);
  });

  it("accepts a code for 24 hours and refuses it as expired after", async () => {
    const early = await signUp();
    const late = await signUp();
    test.advanceClock(24 * HOUR - 60_000);
    expect((await confirm(early.address, early.code)).json()).toStrictEqual(CONFIRMED);
    test.advanceClock(60_000);
    const response = await confirm(late.address, late.code);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toStrictEqual(EXPIRED);
  });

  it("answers an unknown and an already-confirmed address as a wrong code", async () => {
    const unknown = await confirm(uniqueAddress(), "123456");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toStrictEqual(WRONG);
    const account = await createAccount(test);
    const confirmed = await confirm(account.username, "123456");
    expect(confirmed.statusCode).toBe(400);
    expect(confirmed.json()).toStrictEqual(WRONG);
  });

  it("counts wrong codes for an unknown address too, so the answers cannot tell accounts apart", async () => {
    const unknown = uniqueAddress();
    const pending = await createAccount(test, { confirmed: false });
    const answers = async (address: string) => {
      const list = [];
      for (let attempt = 1; attempt <= 6; attempt++) list.push((await confirm(address, "000000")).json());
      return list;
    };
    expect(await answers(unknown)).toStrictEqual([WRONG, WRONG, WRONG, WRONG, DEAD, DEAD]);
    expect(await answers(pending.username)).toStrictEqual([WRONG, WRONG, WRONG, WRONG, DEAD, DEAD]);
  });

  it.each([["12345"], ["1234567"], ["12a456"], [" 123456"], [123456], [undefined]])(
    "refuses the code %j with the code message",
    async (code) => {
      const response = await confirm(uniqueAddress(), code);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toStrictEqual({ message: AUTH_MESSAGES.codeInvalid });
    },
  );

  it("refuses an invalid address with the sign-up message", async () => {
    const response = await confirm("not-an-address", "123456");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toStrictEqual({ message: AUTH_MESSAGES.emailInvalid });
  });

  it("refuses a confirmation without the client header (CSRF)", async () => {
    const { address, code } = await signUp();
    const response = await test.app.inject({
      method: "POST",
      url: "/public/confirm",
      payload: { username: address, code },
    });
    expect(response.statusCode).toBe(403);
    expect((await confirm(address, code)).json()).toStrictEqual(CONFIRMED);
  });
});

describe("POST /public/resend-confirm", () => {
  it("mails a new code that replaces the old one", async () => {
    const { address, code } = await signUp();
    const response = await resend(address);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toStrictEqual(resent(address));
    const fresh = codeIn(await smtp.nextMailTo(address));
    if (fresh !== code) expect((await confirm(address, code)).json()).toStrictEqual(WRONG);
    expect((await confirm(address, fresh)).json()).toStrictEqual(CONFIRMED);
  });

  it("answers an unknown, a pending and a confirmed address alike; only the pending one gets a mail", async () => {
    const unknown = uniqueAddress();
    const pending = await createAccount(test, { confirmed: false });
    const confirmed = await createAccount(test);
    const answers = [
      withoutAddress(await resend(unknown), unknown),
      withoutAddress(await resend(pending.username), pending.username),
      withoutAddress(await resend(confirmed.username), confirmed.username),
    ];
    expect(answers[0]).toStrictEqual({ status: 200, body: JSON.stringify(resent("{address}")) });
    expect(answers[1]).toStrictEqual(answers[0]);
    expect(answers[2]).toStrictEqual(answers[0]);
    await test.app.mailer.idle();
    expect(smtp.mailsTo(unknown)).toHaveLength(0);
    expect(smtp.mailsTo(pending.username)).toHaveLength(1);
    expect(smtp.mailsTo(confirmed.username)).toHaveLength(0);
  });

  it("allows 5 codes an hour per address, known or not, then answers 429 until the hour is over", async () => {
    for (const address of [uniqueAddress(), (await createAccount(test, { confirmed: false })).username]) {
      for (let i = 1; i <= 5; i++) expect((await resend(address)).statusCode, `request ${i}`).toBe(200);
      const refused = await resend(address.toUpperCase());
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toStrictEqual(TOO_MANY_CODES);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(3600);
    }
  });

  it("counts sign-ups toward the limit; a sign-up beyond it answers alike but sends nothing", async () => {
    const { address } = await signUp();
    for (let i = 1; i <= 4; i++) expect((await resend(address)).statusCode).toBe(200);
    expect((await resend(address)).statusCode).toBe(429);
    const signup = await postPublic(test, "/public/signup", { username: address, password: PASSWORD });
    expect(signup.statusCode).toBe(200);
    await test.app.mailer.idle();
    expect(smtp.mailsTo(address)).toHaveLength(5);

    test.advanceClock(HOUR);
    expect((await resend(address)).statusCode).toBe(200);
  });

  it("refuses an invalid address with the sign-up message", async () => {
    const response = await resend("nobody");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toStrictEqual({ message: AUTH_MESSAGES.emailInvalid });
  });
});
