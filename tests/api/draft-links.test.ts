import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { draftLinks } from "../../server/db/schema";
import { DRAFT_LINK_LIMITS, purgeExpiredDraftLinks } from "../../server/services/draft-links";
import { sha256Hex } from "../../server/services/secrets";
import { NOT_TEXT_REFUSAL, tooLongRefusal, UNKNOWN_QUESTION_REFUSAL } from "../../src/shared/answer-refusals";
import { AUTH_MESSAGES } from "../../src/shared/auth-rules";
import { CLIENT_HEADER, DEFAULT_TEXT_MAX, DEFAULT_TEXTAREA_MAX } from "../../src/shared/constants";
import type { DraftLinkCopy, DraftLinkIssued } from "../../src/shared/draft-links";
import { createAccount, randomIp, uniqueAddress } from "../helpers/auth";
import { linkIn, startSmtp, type TestSmtp } from "../helpers/smtp";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../helpers/test-app";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const INVALID = { message: "This link has expired or is not valid." };

let smtp: TestSmtp;
let test: TestApp;
let clientDir: string;
beforeAll(async () => {
  clientDir = await mkdtemp(path.join(os.tmpdir(), "admissions-draft-link-client-"));
  await writeFile(path.join(clientDir, "index.html"), "<!doctype html><title>shell</title>");
  smtp = await startSmtp();
  test = await createTestApp({ smtpUrl: smtp.url, clientDir });
});
afterAll(async () => {
  await test?.close();
  await smtp?.close();
  if (clientDir) await rm(clientDir, { recursive: true, force: true });
});

type Draft = {
  draft_id?: unknown;
  client_time?: unknown;
  answers?: unknown;
  edited_at?: unknown;
  [field: string]: unknown;
};

/** A device's draft as the client sends it, edited a minute ago on a clock that agrees with ours. */
function draft(answers: Record<string, string>, overrides: Draft = {}): Draft {
  const now = test.app.clock().getTime();
  return {
    draft_id: randomUUID(),
    client_time: now,
    answers,
    edited_at: Object.fromEntries(Object.keys(answers).map((key) => [key, now - MINUTE])),
    ...overrides,
  };
}

function issue(
  app: TestApp,
  body: unknown,
  options: { ip?: string; headers?: Record<string, string>; raw?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.app.inject({
    method: "POST",
    url: "/public/tmp",
    headers: { [CLIENT_HEADER]: "1", "content-type": "application/json", ...options.headers },
    payload: options.raw ?? JSON.stringify(body),
    remoteAddress: options.ip ?? randomIp(),
  });
}

async function issued(body: Draft, ip?: string): Promise<DraftLinkIssued> {
  const response = await issue(test, body, { ip });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as DraftLinkIssued;
}

function open(app: TestApp, query: string): Promise<LightMyRequestResponse> {
  return app.app.inject({ method: "GET", url: `/public/tmp${query}` });
}

function forget(app: TestApp, token: unknown, headers: Record<string, string> = { [CLIENT_HEADER]: "1" }) {
  return app.app.inject({ method: "DELETE", url: "/public/tmp", headers, payload: { token } });
}

function email(app: TestApp, token: string, address: unknown, ip = randomIp(), language?: unknown) {
  return app.app.inject({
    method: "POST",
    url: "/public/tmp/email",
    headers: { [CLIENT_HEADER]: "1" },
    payload: { token, email: address, ...(language === undefined ? {} : { language }) },
    remoteAddress: ip,
  });
}

describe("issuing and opening a link", () => {
  it("keeps the draft under a 256-bit token and gives it back to whoever opens the link", async () => {
    const body = draft({ first_name: "Ada", last_name: "Lovelace", middle_name: "" });
    const before = test.app.clock().getTime();
    const link = await issued(body);

    expect(Object.keys(link).sort()).toEqual(["expires_at", "token", "url"]);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(link.token, "base64url")).toHaveLength(32);
    expect(link.url).toBe(`${TEST_PUBLIC_URL}/about?token=${link.token}`);
    const expires = new Date(link.expires_at).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(30 * DAY);
    expect(expires - before).toBeLessThan(30 * DAY + MINUTE);

    const response = await open(test, `?token=${link.token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const copy = response.json() as DraftLinkCopy;
    expect(copy.answer).toStrictEqual({ first_name: "Ada", last_name: "Lovelace", middle_name: "" });
    // Moved onto the server's clock by the moment between sending and receiving: a few ms here.
    const sent = body.edited_at as Record<string, number>;
    expect(Object.keys(copy.edited_at).sort()).toEqual(Object.keys(sent).sort());
    for (const [key, time] of Object.entries(copy.edited_at)) {
      expect(time - (sent[key] ?? 0)).toBeGreaterThanOrEqual(0);
      expect(time - (sent[key] ?? 0)).toBeLessThan(MINUTE);
    }
    expect(copy.expires_at).toBe(link.expires_at);
    expect(Math.abs(copy.server_time - test.app.clock().getTime())).toBeLessThan(MINUTE);
  });

  it("stores neither the token nor the answers in clear", async () => {
    const body = draft({ first_name: "Grace", city: "Arlington" });
    const link = await issued(body);
    const rows = await test.database.db
      .select()
      .from(draftLinks)
      .where(eq(draftLinks.draftIdHash, sha256Hex(body.draft_id as string)));
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(link.token);
    expect(stored).not.toContain("Grace");
    expect(stored).not.toContain("Arlington");
    expect(rows[0]?.tokenHash).toBe(sha256Hex(link.token));
  });

  it("moves edit times from the device's clock onto the server's, and none later than now", async () => {
    const now = test.app.clock().getTime();
    // The device's clock is an hour behind: its edit of ten minutes ago reads as 70 minutes ago.
    const deviceNow = now - HOUR;
    const link = await issued(
      draft(
        { first_name: "Ada", last_name: "Byron", city: "London" },
        {
          client_time: deviceNow,
          edited_at: { first_name: deviceNow - 10 * MINUTE, last_name: deviceNow + 4 * MINUTE },
        },
      ),
    );
    const copy = (await open(test, `?token=${link.token}`)).json() as DraftLinkCopy;
    const { first_name: first, last_name: last, city } = copy.edited_at;
    expect(Math.abs((first ?? 0) - (now - 10 * MINUTE))).toBeLessThan(MINUTE);
    const after = test.app.clock().getTime();
    // An edit "after" the device's own clock is capped at the moment the copy was made.
    expect(last).toBeLessThanOrEqual(after);
    expect(last).toBeGreaterThanOrEqual(now);
    // Sent without an edit time: counts as edited when the server received it (as PUT /api/answer).
    expect(city).toBeGreaterThanOrEqual(now);
    expect(city).toBeLessThanOrEqual(after);
  });

  it("refuses a write without the client's CSRF header", async () => {
    const response = await issue(test, draft({ first_name: "Ada" }), {
      headers: { [CLIENT_HEADER]: "" },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe("one active link per draft", () => {
  it("replaces the copy under a new token and revokes the old one", async () => {
    const draftId = randomUUID();
    const first = await issued(draft({ first_name: "Ada" }, { draft_id: draftId }));
    const second = await issued(draft({ first_name: "Augusta" }, { draft_id: draftId }));
    expect(second.token).not.toBe(first.token);

    const old = await open(test, `?token=${first.token}`);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toStrictEqual(INVALID);
    const current = await open(test, `?token=${second.token}`);
    expect((current.json() as DraftLinkCopy).answer).toStrictEqual({ first_name: "Augusta" });
  });

  it("leaves other drafts' links alone", async () => {
    const mine = await issued(draft({ first_name: "Ada" }));
    await issued(draft({ first_name: "Charles" }));
    expect((await open(test, `?token=${mine.token}`)).statusCode).toBe(200);
  });
});

describe("forgetting a link", () => {
  it("deletes the copy: the link no longer opens, and forgetting again is harmless", async () => {
    const body = draft({ first_name: "Ada" });
    const link = await issued(body);
    const response = await forget(test, link.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toStrictEqual({
      message: "This link no longer works. Your answers are still on this device.",
    });
    expect((await open(test, `?token=${link.token}`)).json()).toStrictEqual(INVALID);
    const rows = await test.database.db
      .select()
      .from(draftLinks)
      .where(eq(draftLinks.draftIdHash, sha256Hex(body.draft_id as string)));
    expect(rows).toEqual([]);

    expect((await forget(test, link.token)).statusCode).toBe(200);
    expect((await forget(test, "not-a-token")).statusCode).toBe(200);
  });

  it("needs the CSRF header and a token", async () => {
    const link = await issued(draft({ first_name: "Ada" }));
    expect((await forget(test, link.token, {})).statusCode).toBe(403);
    expect((await forget(test, 42)).statusCode).toBe(400);
    expect((await open(test, `?token=${link.token}`)).statusCode).toBe(200);
  });
});

describe("expiry", () => {
  it("opens until 30 days have passed, then answers like any bad link, and the hourly purge removes it", async () => {
    const local = await createTestApp();
    try {
      const body = {
        draft_id: randomUUID(),
        client_time: local.app.clock().getTime(),
        answers: { first_name: "Ada" },
        edited_at: { first_name: local.app.clock().getTime() },
      };
      const response = await issue(local, body);
      const link = response.json() as DraftLinkIssued;

      // This link's row only: on PostgreSQL (CI) the table holds other tests' links too.
      const thisLink = () =>
        local.database.db
          .select()
          .from(draftLinks)
          .where(eq(draftLinks.draftIdHash, sha256Hex(body.draft_id)));
      local.advanceClock(30 * DAY - MINUTE);
      expect((await open(local, `?token=${link.token}`)).statusCode).toBe(200);
      await purgeExpiredDraftLinks(local.database.db, local.app.clock());
      expect(await thisLink()).toHaveLength(1);

      local.advanceClock(2 * MINUTE);
      const expired = await open(local, `?token=${link.token}`);
      expect(expired.statusCode).toBe(404);
      expect(expired.json()).toStrictEqual(INVALID);
      await purgeExpiredDraftLinks(local.database.db, local.app.clock());
      expect(await thisLink()).toEqual([]);
    } finally {
      await local.close();
    }
  });
});

describe("bad tokens", () => {
  it.each([
    ["no token", ""],
    ["an empty token", "?token="],
    ["a short token", "?token=abc"],
    ["a token one character too long", `?token=${"A".repeat(44)}`],
    ["characters outside base64url", `?token=${"A".repeat(42)}%2B`],
    ["two tokens", `?token=${"A".repeat(43)}&token=${"B".repeat(43)}`],
    ["a well-formed token nobody was given", `?token=${"A".repeat(43)}`],
  ])("%s: 404 with the one generic message", async (_, query) => {
    const response = await open(test, query);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toStrictEqual(INVALID);
  });
});

describe("what a draft may hold", () => {
  it.each([
    [
      "unknown answer keys",
      { answers: { first_name: "Ada", favourite_colour: "blue" } },
      "Some answers were not saved: favourite_colour.",
    ],
    ["values that are not text", { answers: { first_name: 7 } }, "Some answers were not saved: first_name."],
    [
      "an answer over its question's limit",
      { answers: { first_name: "x".repeat(DEFAULT_TEXT_MAX + 1) } },
      "Some answers were not saved: first_name.",
    ],
    ["no answers at all", { answers: {} }, "There are no answers to keep in a link."],
    ["answers that are not a map", { answers: ["Ada"] }, "The answers must be a JSON object"],
    ["a draft id that is not a UUID", { draft_id: "device" }, "draft_id must be"],
    ["no client time", { client_time: undefined }, "client_time must be"],
    ["an unexpected field", { username: "a@b.edu" }, "Unexpected fields: username."],
    [
      "an edit after the device's own clock by more than 5 minutes",
      { edited_at: { first_name: Date.now() + HOUR } },
      "too far ahead: first_name.",
    ],
  ])("refuses %s with 400, naming the problem", async (_, overrides, message) => {
    const body = { ...draft({ first_name: "Ada" }), edited_at: {}, ...overrides };
    const response = await issue(test, body);
    expect(response.statusCode).toBe(400);
    expect((response.json() as { message: string }).message).toContain(message);
  });

  it("names each refused answer with its reason, as PUT /api/answer does", async () => {
    const body = {
      ...draft({ first_name: "Ada" }),
      edited_at: {},
      answers: { first_name: "x".repeat(DEFAULT_TEXT_MAX + 1), favourite_colour: "blue", last_name: 7 },
    };
    const response = await issue(test, body);
    expect(response.statusCode).toBe(400);
    expect((response.json() as { fields: Record<string, string> }).fields).toEqual({
      first_name: tooLongRefusal(DEFAULT_TEXT_MAX),
      favourite_colour: UNKNOWN_QUESTION_REFUSAL,
      last_name: NOT_TEXT_REFUSAL,
    });
  });

  it("refuses a body over 256 KB with 413 and keeps the draft's earlier link", async () => {
    const draftId = randomUUID();
    const earlier = await issued(draft({ first_name: "Ada" }, { draft_id: draftId }));
    const raw = JSON.stringify(
      draft({ first_name: "Ada", pending_charges_comment: "x".repeat(300 * 1024) }, { draft_id: draftId }),
    );
    const response = await issue(test, null, { raw });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toStrictEqual({ message: "These answers are too large to keep in a link." });
    const copy = (await open(test, `?token=${earlier.token}`)).json() as DraftLinkCopy;
    expect(copy.answer).toStrictEqual({ first_name: "Ada" });
  });

  it("accepts a whole application's worth of long answers under the limit", async () => {
    const answers = {
      pending_charges_comment: "p".repeat(DEFAULT_TEXTAREA_MAX),
      disciplinary_action_comment: "d".repeat(DEFAULT_TEXTAREA_MAX),
      return_institution_comment: "r".repeat(DEFAULT_TEXTAREA_MAX),
      conviction_comment: "c".repeat(DEFAULT_TEXTAREA_MAX),
    };
    expect((await issue(test, draft(answers))).statusCode).toBe(201);
  });
});

describe("limits on issuing", () => {
  it(`allows ${DRAFT_LINK_LIMITS.linksPerIpPerHour} links an hour from one IP, then 429 with Retry-After`, async () => {
    const local = await createTestApp();
    try {
      const ip = randomIp();
      const body = () => ({
        draft_id: randomUUID(),
        client_time: local.app.clock().getTime(),
        answers: { first_name: "Ada" },
      });
      for (let i = 0; i < DRAFT_LINK_LIMITS.linksPerIpPerHour; i++) {
        expect((await issue(local, body(), { ip })).statusCode).toBe(201);
      }
      const refused = await issue(local, body(), { ip });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toStrictEqual({
        message: "Too many links have been made from this network. Please try again in an hour.",
      });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect((await issue(local, body(), { ip: randomIp() })).statusCode).toBe(201);

      local.advanceClock(HOUR + MINUTE);
      expect((await issue(local, body(), { ip })).statusCode).toBe(201);
    } finally {
      await local.close();
    }
  });
});

describe("e-mailing a link", () => {
  it("sends the link to the address; the mailed link opens the copy", async () => {
    const link = await issued(draft({ first_name: "Ada" }));
    const address = uniqueAddress("mail");
    const response = await email(test, link.token, `  ${address.toUpperCase()} `);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toStrictEqual({ message: `We've sent the link to ${address}.` });

    const mail = await smtp.nextMailTo(address);
    expect(mail.subject).toBe("Continue your Northbridge University application");
    const mailed = linkIn(mail, TEST_PUBLIC_URL);
    expect(mailed.toString()).toBe(link.url);
    expect(mail.html).toContain(`href="${link.url}"`);
    const token = mailed.searchParams.get("token");
    expect((await open(test, `?token=${token}`)).statusCode).toBe(200);
  });

  it("writes the mail in the asking page's language, its link opening the page in it (issue 35)", async () => {
    const link = await issued(draft({ first_name: "Ada" }));
    const address = uniqueAddress("mail-es");
    const response = await email(test, link.token, address, randomIp(), "es");
    expect(response.statusCode).toBe(202);
    // The answer stays the server's English: the page shows it in Spanish (its catalogue knows it).
    expect(response.json()).toStrictEqual({ message: `We've sent the link to ${address}.` });

    const mail = await smtp.nextMailTo(address);
    expect(mail.subject).toBe("Continúe su solicitud a Northbridge University");
    expect(mail.text).toContain("Este es el enlace que pidió.");
    expect(mail.html).toContain('<html lang="es">');
    const mailed = linkIn(mail, TEST_PUBLIC_URL);
    expect(mailed.searchParams.get("lang")).toBe("es");
    expect(mailed.searchParams.get("token")).toBe(new URL(link.url).searchParams.get("token"));
    expect((await email(test, link.token, address, randomIp(), "fr")).statusCode).toBe(400);
  });

  it("answers the same for an address with an account and one without (no enumeration)", async () => {
    const link = await issued(draft({ first_name: "Ada" }));
    const { username: known } = await createAccount(test);
    const unknown = uniqueAddress("stranger");
    const a = await email(test, link.token, known);
    const b = await email(test, link.token, unknown);
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(a.json()).toStrictEqual({ message: `We've sent the link to ${known}.` });
    expect(b.json()).toStrictEqual({ message: `We've sent the link to ${unknown}.` });
    // The mails are alike too: neither says anything about an account.
    const [knownMail, unknownMail] = [await smtp.nextMailTo(known), await smtp.nextMailTo(unknown)];
    expect(knownMail.subject).toBe(unknownMail.subject);
    expect(knownMail.text.replace(known, "X")).toBe(unknownMail.text.replace(unknown, "X"));
  });

  it(`sends at most ${DRAFT_LINK_LIMITS.mailsPerAddressPerHour} mails an hour to one address`, async () => {
    const link = await issued(draft({ first_name: "Ada" }));
    const address = uniqueAddress("limited");
    for (let i = 0; i < DRAFT_LINK_LIMITS.mailsPerAddressPerHour; i++) {
      expect((await email(test, link.token, address)).statusCode).toBe(202);
    }
    const refused = await email(test, link.token, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toStrictEqual({
      message: "Too many links have been e-mailed. Please try again in an hour.",
    });
    await smtp.nextMailTo(address);
    await test.app.mailer.idle();
    expect(smtp.mailsTo(address)).toHaveLength(DRAFT_LINK_LIMITS.mailsPerAddressPerHour);
  });

  it(`sends at most ${DRAFT_LINK_LIMITS.mailsPerIpPerHour} mails an hour from one IP, whatever the addresses`, async () => {
    const link = await issued(draft({ first_name: "Ada" }));
    const ip = randomIp();
    for (let i = 0; i < DRAFT_LINK_LIMITS.mailsPerIpPerHour; i++) {
      expect((await email(test, link.token, uniqueAddress("ip"), ip)).statusCode).toBe(202);
    }
    const address = uniqueAddress("over");
    expect((await email(test, link.token, address, ip)).statusCode).toBe(429);
    await test.app.mailer.idle();
    expect(smtp.mailsTo(address)).toEqual([]);
  });

  it("refuses a bad link with the generic 404 and a bad address with the sign-up wording", async () => {
    const link = await issued(draft({ first_name: "Ada" }));
    const address = uniqueAddress("nobody");
    const bad = await email(test, "A".repeat(43), address);
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toStrictEqual(INVALID);
    const badAddress = await email(test, link.token, "not-an-address");
    expect(badAddress.statusCode).toBe(400);
    expect(badAddress.json()).toStrictEqual({ message: AUTH_MESSAGES.emailInvalid });
    await forget(test, link.token);
    expect((await email(test, link.token, address)).statusCode).toBe(404);
    await test.app.mailer.idle();
    expect(smtp.mailsTo(address)).toEqual([]);
  });
});

describe("the page a link opens", () => {
  it.each(["/about?token=abc", "/education?x=1&token=abc", "/?token=abc", "/no/such/page?token=abc"])(
    "%s is served with Referrer-Policy: no-referrer",
    async (url) => {
      const response = await test.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.headers["referrer-policy"]).toBe("no-referrer");
    },
  );

  it("leaves the policy of pages without a token alone", async () => {
    const response = await test.app.inject({ method: "GET", url: "/about?tokens=1" });
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });
});

describe("logs", () => {
  it("never hold a token or an answer, whatever the call and its outcome", async () => {
    const lines: string[] = [];
    let token = "";
    // Without SMTP_URL mails go to the outbox and their summary is logged: the summary must not
    // carry the link either.
    const logged = await createTestApp({
      clientDir,
      logStream: { write: (line: string) => void lines.push(line) },
    });
    try {
      const secretValue = `Ada-${randomUUID()}`;
      const body = {
        draft_id: randomUUID(),
        client_time: logged.app.clock().getTime(),
        answers: { first_name: secretValue, city: "Secretville" },
      };
      const link = (await issue(logged, body)).json() as DraftLinkIssued;
      token = link.token;
      expect((await open(logged, `?token=${link.token}`)).statusCode).toBe(200);
      expect((await logged.app.inject({ method: "GET", url: `/about?token=${link.token}` })).statusCode).toBe(
        200,
      );
      expect((await email(logged, link.token, uniqueAddress("log"))).statusCode).toBe(202);
      await logged.app.mailer.idle();
      const outbox = await readdir(path.join(logged.dataDir, "outbox"));
      const eml = await readFile(path.join(logged.dataDir, "outbox", outbox[0] ?? ""), "utf8");
      expect(eml).toContain(link.token.slice(0, 20));
      // Refusals are logged with their reason: none may quote a value.
      expect(
        (await issue(logged, { ...body, answers: { first_name: secretValue, bogus: "x" } })).statusCode,
      ).toBe(400);
      expect((await issue(logged, { ...body, answers: { first_name: 5 } })).statusCode).toBe(400);
      expect((await forget(logged, link.token)).statusCode).toBe(200);
      expect((await open(logged, `?token=${link.token}`)).statusCode).toBe(404);
      expect((await email(logged, link.token, uniqueAddress("log"))).statusCode).toBe(404);
    } finally {
      await logged.close();
    }
    const log = lines.join("");
    expect(log).toContain("/public/tmp?token=[redacted]");
    expect(log).toContain("/about?token=[redacted]");
    expect(log).toContain("mail written to the outbox");
    expect(token).toHaveLength(43);
    expect(log).not.toContain(token);
    expect(log).not.toMatch(/Ada-|Secretville/);
  });
});
