import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { openDatabase } from "../../server/db/database";
import { answers, serviceTokens, users } from "../../server/db/schema";
import { sha256Hex } from "../../server/services/secrets";
import { mintServiceToken, purgeExpiredServiceTokens } from "../../server/services/service-tokens";
import type { FormPage, Section } from "../../src/form/catalogue-types";
import { aboutPage } from "../../src/form/pages/about";
import { educationPage } from "../../src/form/pages/education";
import { finalStepsPage } from "../../src/form/pages/final-steps";
import type { ServiceResponse } from "../../src/shared/api-types";
import { SERVICE_LINK_INVALID_MESSAGE, UNAUTHORIZED_MESSAGE } from "../../src/shared/messages";
import { getProfile, putAnswers } from "../helpers/api";
import { TWO_COLLEGE_APPLICATION, TWO_COLLEGE_COUNTS } from "../helpers/complete-application";
import { runScript } from "../helpers/run-script";
import { answerRevision, sendJson } from "../helpers/sync";
import { clientHeaders, createTestApp, signedInUser, type TestApp, testConfig } from "../helpers/test-app";

// Service tokens and GET /service/tmp-pdf (spec §3 service response, §6 service user, §7;
// docs/decisions/0011-service-view.md), and the `npm run service:link` command.

const TEN_MINUTES = 10 * 60_000;

/**
 * Your Academics gets a transcript section with two text tabs here (the personal statement's tabs
 * hold a file question): the service response carries the stored choice.
 */
const transcriptSection: Section = {
  id: "transcript",
  title: "Transcript",
  questions: [],
  tabs: {
    tabId: "transcript_tab",
    defaultTab: "upload",
    tabs: [
      {
        id: "upload",
        label: "Upload",
        questions: [{ kind: "text", key: "transcript", label: "Transcript" }],
      },
      { id: "mail", label: "Send by mail", questions: [{ kind: "text", key: "mailed", label: "Mailed on" }] },
    ],
  },
};
const catalogue: readonly FormPage[] = [
  aboutPage,
  { ...educationPage, sections: [...educationPage.sections, transcriptSection] },
  finalStepsPage,
];

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ catalogue });
});
afterAll(async () => {
  await test?.close();
});

type User = Awaited<ReturnType<typeof signedInUser>>;

function mint(userId: string, lifetimeMs = TEN_MINUTES) {
  return mintServiceToken(test.database.db, { userId, purpose: "staff", now: test.app.clock(), lifetimeMs });
}

/** The call as the service rendering makes it: the token in the query, no cookie, no CSRF header. */
function serviceGet(query: string, headers: Record<string, string> = {}, on: TestApp = test) {
  return on.app.inject({ method: "GET", url: `/service/tmp-pdf${query}`, headers });
}

const withToken = (token: string) => `?service_token=${encodeURIComponent(token)}`;

function expectRefused(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(401);
  expect(response.json()).toStrictEqual({ message: SERVICE_LINK_INVALID_MESSAGE });
  expect(response.headers["cache-control"]).toBe("no-store");
  expect(response.headers["referrer-policy"]).toBe("no-referrer");
}

/** An applicant who filled in the whole application with two colleges and chose a tab. */
async function applicantWithApplication(): Promise<User> {
  const user = await signedInUser(test);
  const saved = await putAnswers(test, user.cookie, TWO_COLLEGE_APPLICATION);
  expect(saved.statusCode, saved.body).toBe(200);
  const count = await sendJson(test, user.cookie, "PUT", "/api/add-another", {
    button_id: "college",
    num_components: TWO_COLLEGE_COUNTS.college,
  });
  expect(count.statusCode, count.body).toBe(200);
  const tab = await sendJson(test, user.cookie, "PUT", "/api/tabs", {
    tab_id: "transcript_tab",
    chosen_tab: "mail",
  });
  expect(tab.statusCode, tab.body).toBe(200);
  return user;
}

describe("service tokens", () => {
  it("are 256 random bits, URL-safe, different every time", async () => {
    const user = await signedInUser(test);
    const tokens = await Promise.all([mint(user.userId), mint(user.userId), mint(user.userId)]);
    for (const { token } of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
    }
    expect(new Set(tokens.map(({ token }) => token)).size).toBe(3);
  });

  it("are stored only as their SHA-256, with the account, purpose and expiry", async () => {
    const user = await signedInUser(test);
    // Frozen, so "now" here is the instant the token is minted, on a busy machine too.
    test.freezeClock();
    try {
      const now = test.app.clock();
      const { token, expiresAt } = await mint(user.userId);
      expect(expiresAt.getTime()).toBe(now.getTime() + TEN_MINUTES);
      const rows = await test.database.db
        .select()
        .from(serviceTokens)
        .where(eq(serviceTokens.userId, user.userId));
      expect(rows).toStrictEqual([
        { tokenHash: sha256Hex(token), userId: user.userId, purpose: "staff", createdAt: now, expiresAt },
      ]);
      expect(JSON.stringify(rows)).not.toContain(token);
    } finally {
      test.freezeClock(false);
    }
  });

  it("refuse a lifetime that is not positive", async () => {
    const user = await signedInUser(test);
    await expect(mint(user.userId, 0)).rejects.toThrow(RangeError);
    await expect(mint(user.userId, Number.NaN)).rejects.toThrow(RangeError);
  });

  it("past their expiry are purged; live ones are kept", async () => {
    const user = await signedInUser(test);
    const short = await mint(user.userId, 60_000);
    const long = await mint(user.userId, TEN_MINUTES);
    await purgeExpiredServiceTokens(test.database.db, new Date(test.app.clock().getTime() + 2 * 60_000));
    const left = await test.database.db
      .select({ tokenHash: serviceTokens.tokenHash })
      .from(serviceTokens)
      .where(eq(serviceTokens.userId, user.userId));
    expect(left).toStrictEqual([{ tokenHash: sha256Hex(long.token) }]);
    expectRefused(await serviceGet(withToken(short.token)));
  });
});

describe("GET /service/tmp-pdf", () => {
  it("answers the application's answers, add-another counts, documents and tabs, without a session", async () => {
    const user = await applicantWithApplication();
    const { token } = await mint(user.userId);
    const response = await serviceGet(withToken(token));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as ServiceResponse;
    expect(body).toStrictEqual({
      answer: TWO_COLLEGE_APPLICATION,
      add_another: { college: 2 },
      document_answer: {},
      tabs: { transcript_tab: "mail" },
    });
    // The same answers the applicant's own profile holds.
    expect(body.answer).toStrictEqual((await getProfile(test, user.cookie)).json().answer);
  });

  it("answers the profile's empty shapes for an account that has answered nothing", async () => {
    const user = await signedInUser(test);
    const { token } = await mint(user.userId);
    const response = await serviceGet(withToken(token));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toStrictEqual({ answer: {}, add_another: {}, document_answer: {}, tabs: {} });
  });

  it("is kept out of every cache, and its page sends no referrer", async () => {
    const user = await signedInUser(test);
    const response = await serviceGet(withToken((await mint(user.userId)).token));
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
  });

  it("answers the token's application whoever's session cookie comes with it", async () => {
    const owner = await applicantWithApplication();
    const other = await signedInUser(test);
    await putAnswers(test, other.cookie, { first_name: "Grace", last_name: "Hopper" });
    const ownerToken = (await mint(owner.userId)).token;
    const otherToken = (await mint(other.userId)).token;

    const withOthersCookie = await serviceGet(withToken(ownerToken), clientHeaders(other.cookie));
    expect(withOthersCookie.statusCode).toBe(200);
    expect((withOthersCookie.json() as ServiceResponse).answer.first_name).toBe("Ada");

    const others = await serviceGet(withToken(otherToken), clientHeaders(owner.cookie));
    expect(others.json()).toStrictEqual({
      answer: { first_name: "Grace", last_name: "Hopper" },
      add_another: {},
      document_answer: {},
      tabs: {},
    });
  });

  it("changes nothing: the application's answers and revision stay as they were", async () => {
    const user = await applicantWithApplication();
    const revision = await answerRevision(test, user.userId);
    const { token } = await mint(user.userId);
    for (let i = 0; i < 3; i++) expect((await serviceGet(withToken(token))).statusCode).toBe(200);
    expect(await answerRevision(test, user.userId)).toBe(revision);
    expect((await getProfile(test, user.cookie)).json().answer).toStrictEqual(TWO_COLLEGE_APPLICATION);
  });

  it("opens nothing else: the token is no session for /api", async () => {
    const user = await applicantWithApplication();
    const { token } = await mint(user.userId);
    const profile = await test.app.inject({ method: "GET", url: `/api/profile${withToken(token)}` });
    expect(profile.statusCode).toBe(401);
    expect(profile.json()).toStrictEqual({ message: UNAUTHORIZED_MESSAGE });
    const write = await test.app.inject({
      method: "PUT",
      url: `/service/tmp-pdf${withToken(token)}`,
      headers: { "content-type": "application/json", "x-admissions-client": "1" },
      payload: JSON.stringify({ first_name: "Mallory" }),
    });
    expect(write.statusCode).toBe(404);
    expect((await getProfile(test, user.cookie)).json().answer.first_name).toBe("Ada");
  });

  it.each([
    ["no token", ""],
    ["an empty token", "?service_token="],
    ["a token too short", `?service_token=${"a".repeat(42)}`],
    ["a token too long", `?service_token=${"a".repeat(44)}`],
    ["a token with characters outside base64url", `?service_token=${"a".repeat(42)}%2B`],
    ["the token twice", `?service_token=${"a".repeat(43)}&service_token=${"b".repeat(43)}`],
    ["a differently named parameter", `?token=${"a".repeat(43)}`],
    ["a very long value", `?service_token=${"a".repeat(5000)}`],
  ])("refuses %s with 401 and the link message", async (_, query) => {
    expectRefused(await serviceGet(query));
  });

  it("refuses a well-formed token that was never minted", async () => {
    expectRefused(await serviceGet(withToken(randomBytes(32).toString("base64url"))));
  });

  it("refuses the stored hash of a real token: a database leak opens nothing", async () => {
    const user = await applicantWithApplication();
    const { token } = await mint(user.userId);
    expectRefused(await serviceGet(withToken(sha256Hex(token))));
    expectRefused(await serviceGet(withToken(Buffer.from(sha256Hex(token), "hex").toString("base64url"))));
  });

  it("answers until the token's expiry and refuses it from then on, however often it was used", async () => {
    const user = await applicantWithApplication();
    const { token } = await mint(user.userId);
    expect((await serviceGet(withToken(token))).statusCode).toBe(200);
    test.advanceClock(TEN_MINUTES - 1000);
    expect((await serviceGet(withToken(token))).statusCode).toBe(200);
    test.advanceClock(1000);
    expectRefused(await serviceGet(withToken(token)));
    test.advanceClock(TEN_MINUTES);
    expectRefused(await serviceGet(withToken(token)));
  });

  it("refuses a token once its account is gone", async () => {
    const user = await applicantWithApplication();
    const { token } = await mint(user.userId);
    await test.database.db.delete(users).where(eq(users.id, user.userId));
    expectRefused(await serviceGet(withToken(token)));
    const left = await test.database.db.select().from(answers).where(eq(answers.userId, user.userId));
    expect(left).toStrictEqual([]);
  });

  it("keeps the token out of the logs, accepted or refused", async () => {
    const lines: string[] = [];
    const logged = await createTestApp({ logStream: { write: (line: string) => void lines.push(line) } });
    try {
      const user = await signedInUser(logged);
      const { token } = await mintServiceToken(logged.database.db, {
        userId: user.userId,
        purpose: "staff",
        now: logged.app.clock(),
        lifetimeMs: TEN_MINUTES,
      });
      expect((await serviceGet(withToken(token), {}, logged)).statusCode).toBe(200);
      const unknown = randomBytes(32).toString("base64url");
      expect((await serviceGet(withToken(unknown), {}, logged)).statusCode).toBe(401);
      const log = lines.join("");
      expect(log).toContain("/service/tmp-pdf?service_token=[redacted]");
      expect(log).not.toContain(token);
      expect(log).not.toContain(unknown);
      expect(log).not.toContain(sha256Hex(token));
    } finally {
      await logged.close();
    }
  });
});

describe("npm run service:link", () => {
  const PUBLIC_URL = "https://review.northbridge.example";
  let dataDir: string;
  /** The CLI's database: the PostgreSQL of DATABASE_URL when set (CI), else PGlite in dataDir. */
  const databaseOptions = () => (process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "admissions-service-link-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const runCli = (args: string[]) =>
    runScript("server/service-link-cli.ts", args, {
      DATA_DIR: dataDir,
      PUBLIC_URL,
      SERVICE_TOKEN_MINUTES: "15",
    });

  /** Opens the CLI's database (migrated), runs `work` on it and closes it again. */
  async function withDatabase<T>(work: (handle: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>) {
    const handle = await openDatabase(databaseOptions());
    try {
      await handle.migrate();
      return await work(handle);
    } finally {
      await handle.close();
    }
  }

  it("prints a link on PUBLIC_URL that opens the applicant's application for SERVICE_TOKEN_MINUTES", async () => {
    const username = `reviewed-${randomBytes(6).toString("hex")}@example.edu`;
    const userId = await withDatabase(async ({ db }) => {
      const [user] = await db.insert(users).values({ username, confirmedAt: new Date() }).returning();
      if (!user) throw new Error("user insert returned nothing");
      await db.insert(answers).values([
        { userId: user.id, key: "first_name", value: "Ada" },
        { userId: user.id, key: "last_name", value: "Lovelace" },
      ]);
      return user.id;
    });

    const result = await runCli(["--email", `  ${username.toUpperCase()} `]);
    expect(result.code, result.stderr).toBe(0);
    const match = /^https:\/\/review\.northbridge\.example\/about\?service_token=([A-Za-z0-9_-]{43})\n$/.exec(
      result.stdout,
    );
    expect(match, result.stdout).not.toBeNull();
    const token = match?.[1] ?? "";
    expect(result.stderr).toContain("valid for 15 minutes");
    expect(result.stderr).not.toContain(token);

    await withDatabase(async (database) => {
      const [row] = await database.db
        .select()
        .from(serviceTokens)
        .where(eq(serviceTokens.tokenHash, sha256Hex(token)));
      expect(row?.userId).toBe(userId);
      expect(row?.purpose).toBe("staff");
      expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(15 * 60_000);

      const app = await buildApp({ config: testConfig(dataDir), database });
      try {
        const response = await app.inject({ method: "GET", url: `/service/tmp-pdf${withToken(token)}` });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toStrictEqual({
          answer: { first_name: "Ada", last_name: "Lovelace" },
          add_another: {},
          document_answer: {},
          tabs: {},
        });
      } finally {
        await app.close();
      }
    });
  }, 120_000);

  it("refuses an unknown e-mail address with one line", async () => {
    const result = await runCli(["--email", "nobody-here@example.edu"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe("No account uses the e-mail address nobody-here@example.edu.\n");
  }, 120_000);

  it("says how to use it when the e-mail address is missing", async () => {
    const result = await runCli([]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("Usage: npm run service:link -- --email");
  }, 120_000);
});
