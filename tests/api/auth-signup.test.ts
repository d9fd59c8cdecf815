import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { parseOptions } from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MAIL_FROM } from "../../server/config";
import { confirmationCodes, signupPasswords, users } from "../../server/db/schema";
import { partner } from "../../src/config/partner";
import { AUTH_MESSAGES } from "../../src/shared/auth-rules";
import {
  createAccount,
  login,
  OTHER_PASSWORD,
  PASSWORD,
  postPublic,
  uniqueAddress,
  withoutAddress,
} from "../helpers/auth";
import { codeIn, linkIn, startSmtp, type TestSmtp } from "../helpers/smtp";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../helpers/test-app";

const sent = (address: string) =>
  `We've sent an e-mail to ${address}. Enter the 6-digit code from it to confirm your account.`;

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

function signup(username: unknown, password: unknown = PASSWORD, headers?: Record<string, string>) {
  return postPublic(test, "/public/signup", { username, password }, { headers });
}

async function findUser(username: string) {
  const [user] = await test.database.db.select().from(users).where(eq(users.username, username));
  return user;
}

function confirm(username: string, code: string) {
  return postPublic(test, "/public/confirm", { username, code });
}

describe("POST /public/signup", () => {
  it("creates an unconfirmed account under the normalised address and mails it a 6-digit code", async () => {
    const address = uniqueAddress("Ada");
    const normalised = address.toLowerCase();
    const response = await signup(`  ${address.replace("example.edu", "Example.EDU")} `);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toStrictEqual({ message: sent(normalised) });

    const user = await findUser(normalised);
    expect(user?.confirmedAt).toBeNull();
    const mail = await smtp.nextMailTo(normalised);
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.subject).toBe(`Your ${partner.name} confirmation code`);
    expect(mail.headers.get("from")).toBe(DEFAULT_MAIL_FROM.replaceAll('"', ""));
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(code);
      expect(part).toContain(partner.name);
      expect(part).toContain(partner.helpEmail);
    }
    expect(linkIn(mail, TEST_PUBLIC_URL).href).toBe(`${TEST_PUBLIC_URL}/confirm`);

    // Only a hash of the code is stored.
    const [stored] = await test.database.db
      .select()
      .from(confirmationCodes)
      .where(eq(confirmationCodes.userId, user?.id ?? ""));
    expect(stored?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.codeHash).not.toContain(code);
  });

  it("stores the password hashed with argon2id, 19 MiB and 2 passes", async () => {
    const address = uniqueAddress();
    expect((await signup(address)).statusCode).toBe(200);
    const user = await findUser(address);
    // Pending until confirmation (issue 36), then the account's.
    const [pending] = await test.database.db
      .select()
      .from(signupPasswords)
      .where(eq(signupPasswords.userId, user?.id ?? ""));
    const hash = pending?.passwordHash ?? "";
    expect(hash.startsWith("$argon2id$")).toBe(true);
    expect(hash).not.toContain(PASSWORD);
    expect(parseOptions(hash)).toMatchObject({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  });

  it.each([
    ["too short", "Short-1a"],
    ["without an uppercase letter", "lowercase-only-1"],
    ["without a digit", "No-Digits-Here!"],
    ["without a special character", "NoSpecials12345"],
    ["with leading whitespace", " Leading-Space1"],
    ["missing", undefined],
  ])("refuses a password %s with the checklist message, creating nothing", async (_label, password) => {
    const address = uniqueAddress();
    const response = await postPublic(test, "/public/signup", { username: address, password });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toStrictEqual({ message: AUTH_MESSAGES.passwordWeak });
    expect(await findUser(address)).toBeUndefined();
  });

  it.each([["ada@example"], ["ada example.edu"], [""], [42], [undefined]])(
    "refuses the address %j with the sign-up message",
    async (username) => {
      const response = await signup(username);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toStrictEqual({ message: AUTH_MESSAGES.emailInvalid });
    },
  );

  it("answers a body that is not an object with 400 { message }", async () => {
    const response = await test.app.inject({
      method: "POST",
      url: "/public/signup",
      headers: { "x-admissions-client": "1", "content-type": "application/json" },
      payload: "[]",
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toStrictEqual(["message"]);
  });

  it("gives an unconfirmed address a fresh code and keeps the earlier sign-up's password (auth-takeover.test.ts)", async () => {
    const address = uniqueAddress();
    expect((await signup(address, PASSWORD)).statusCode).toBe(200);
    const firstCode = codeIn(await smtp.nextMailTo(address));
    const again = await signup(address, OTHER_PASSWORD);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toStrictEqual({ message: sent(address) });
    const secondCode = codeIn(await smtp.nextMailTo(address));

    if (firstCode !== secondCode) expect((await confirm(address, firstCode)).statusCode).toBe(400);
    // Confirmed from neither sign-up's browser: neither password is taken (a link is mailed).
    expect((await confirm(address, secondCode)).statusCode).toBe(200);
    expect((await login(test, address, OTHER_PASSWORD)).statusCode).toBe(400);
    expect((await login(test, address, PASSWORD)).statusCode).toBe(400);
  });

  it("tells a confirmed address it already has an account, with links from PUBLIC_URL, changing nothing", async () => {
    const account = await createAccount(test);
    const before = (await findUser(account.username))?.passwordHash;
    // A forged Host header must not reach the links (password-reset poisoning).
    const response = await signup(account.username, OTHER_PASSWORD, { host: "evil.example" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toStrictEqual({ message: sent(account.username) });

    const mail = await smtp.nextMailTo(account.username);
    expect(mail.subject).toBe(`You already have a ${partner.name} account`);
    expect(linkIn(mail, `${TEST_PUBLIC_URL}/login`).href).toBe(`${TEST_PUBLIC_URL}/login`);
    expect(linkIn(mail, `${TEST_PUBLIC_URL}/forgot`).href).toBe(`${TEST_PUBLIC_URL}/forgot`);
    expect(mail.html).toContain(`href="${TEST_PUBLIC_URL}/forgot"`);
    expect(mail.raw).not.toContain("evil.example");
    expect(mail.text).not.toMatch(/\b\d{6}\b/);
    expect((await findUser(account.username))?.passwordHash).toBe(before);
  });

  it("answers a new, an unconfirmed and a confirmed address alike (no account enumeration)", async () => {
    const fresh = uniqueAddress();
    const unconfirmed = await createAccount(test, { confirmed: false });
    const confirmed = await createAccount(test);
    const responses = [
      [await signup(fresh), fresh],
      [await signup(unconfirmed.username), unconfirmed.username],
      [await signup(confirmed.username), confirmed.username],
    ] as const;
    const answers = responses.map(([response, address]) => ({
      ...(withoutAddress(response, address) as object),
      // The browser's sign-up claim (issue 36) is set alike, with a value of the same form.
      cookies: response.cookies.map(({ value, ...cookie }) => ({ ...cookie, value: value.length })),
    }));
    expect(answers[0]).toMatchObject({ status: 200, body: JSON.stringify({ message: sent("{address}") }) });
    expect(answers[1]).toStrictEqual(answers[0]);
    expect(answers[2]).toStrictEqual(answers[0]);
    // Each got exactly one mail.
    await test.app.mailer.idle();
    for (const address of [fresh, unconfirmed.username, confirmed.username]) {
      expect(smtp.mailsTo(address)).toHaveLength(1);
    }
  });

  it("escapes the address in the HTML part", async () => {
    const address = `o'neil&co-${uniqueAddress()}`;
    expect((await signup(address)).statusCode).toBe(200);
    const mail = await smtp.nextMailTo(address);
    expect(mail.html).toContain("o&#39;neil&amp;co-");
    expect(mail.html).not.toContain("o'neil&co");
    expect(mail.text).toContain(`sent to ${address}`);
  });

  it("refuses a sign-up without the client header (CSRF) and creates nothing", async () => {
    const address = uniqueAddress();
    const response = await test.app.inject({
      method: "POST",
      url: "/public/signup",
      payload: { username: address, password: PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expect(await findUser(address)).toBeUndefined();
  });
});

describe("without SMTP_URL", () => {
  let local: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    local = await createTestApp({ logStream: { write: (line: string) => void lines.push(line) } });
  });
  afterAll(async () => {
    await local?.close();
  });

  it("writes each mail to DATA_DIR/outbox as an .eml file and logs its subject and code", async () => {
    const address = uniqueAddress();
    const response = await postPublic(local, "/public/signup", { username: address, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    await local.app.mailer.idle();

    const outbox = path.join(local.dataDir, "outbox");
    const files = await readdir(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await readFile(path.join(outbox, files[0] ?? ""), "utf8");
    expect(eml).toContain(`To: ${address}`);
    expect(eml).toMatch(/Content-Type: text\/plain/);
    expect(eml).toMatch(/Content-Type: text\/html/);
    const code = /^\s*(\d{6})\s*$/m.exec(eml)?.[1];
    expect(code).toBeDefined();

    const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.file);
    expect(logged.msg).toContain(`Your ${partner.name} confirmation code`);
    expect(logged.msg).toContain(code);
    expect(logged.level).toBe(30);
    // The code works: the outbox is enough to finish sign-up.
    const confirmed = await postPublic(local, "/public/confirm", { username: address, code });
    expect(confirmed.statusCode).toBe(200);
  });
});
