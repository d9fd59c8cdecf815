import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import type { StatementRunner } from "../../server/db/database";
import { applications, loginEvents, sessions, webStatusEntries } from "../../server/db/schema";
import { LANGUAGE_COOKIE } from "../../src/i18n/language-cookie";
import {
  IDLE_TIMEOUT_MS,
  LOGGED_IN_HINT_COOKIE,
  SECURE_COOKIE_PREFIX,
  SESSION_COOKIE,
  SESSION_MAX_AGE_MS,
} from "../../src/shared/constants";
import {
  FIRST_SCREENS,
  type FirstScreen,
  firstScreenFile,
  loginScreenFile,
} from "../../src/shared/first-screens";
import { FORM_PAGES } from "../../src/shared/routes";
import {
  clientHeaders,
  createSiblingApp,
  createTestApp,
  signedInUser,
  type TestApp,
  testConfig,
} from "../helpers/test-app";

// Decision 0018: the page fallback sends a form page's prerendered first screen, a visitor's or a
// signed-in applicant's with the banner their session's state gives, and the bare shell whenever
// the app would not show that page or the session cannot be read.

const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
/** A stand-in for each built first screen, naming its screen and page (and its language, Spanish's). */
const screenHtml = (screen: FirstScreen, page: string, language: "en" | "es" = "en") =>
  `<!doctype html><html lang="${language}"><body><div id="root"><p>${screen} first screen of ${page}${language === "en" ? "" : ` in ${language}`}</p></div></body></html>`;
const loginHtml = (language: "en" | "es") =>
  `<!doctype html><html lang="${language}"><body><div id="root"><h1>Sign In, ${language}</h1></div></body></html>`;
const HINT = `${LOGGED_IN_HINT_COOKIE}=1`;
const MINUTE = 60_000;

let test: TestApp;
let clientDir: string;

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(os.tmpdir(), "admissions-first-screens-"));
  await writeFile(path.join(clientDir, "index.html"), INDEX);
  for (const language of ["en", "es"] as const) {
    for (const { path: page } of FORM_PAGES) {
      for (const screen of FIRST_SCREENS) {
        const file = path.join(clientDir, firstScreenFile(page, screen, language));
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, screenHtml(screen, page, language));
      }
    }
    await writeFile(path.join(clientDir, loginScreenFile(language)), loginHtml(language));
  }
  test = await createTestApp({ clientDir });
});
afterAll(async () => {
  await test?.close();
  if (clientDir) await rm(clientDir, { recursive: true, force: true });
});

const page = (url: string, cookie?: string, headers: Record<string, string> = {}, app = test) =>
  app.app.inject({ method: "GET", url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });

/** A signed-in applicant with this many recorded logins, web statuses and application row. */
async function applicant(
  options: {
    logins?: number;
    statuses?: readonly ("started" | "validating" | "submitted")[];
    lastPage?: string;
    submitted?: boolean;
  } = {},
) {
  const user = await signedInUser(test);
  const { db } = test.database;
  for (let i = 0; i < (options.logins ?? 0); i++)
    await db.insert(loginEvents).values({ userId: user.userId });
  for (const webStatus of options.statuses ?? []) {
    await db.insert(webStatusEntries).values({ userId: user.userId, webStatus });
  }
  if (options.lastPage !== undefined || options.submitted) {
    const now = test.app.clock();
    await db.insert(applications).values({
      userId: user.userId,
      lastPage: options.lastPage ?? null,
      submittedAt: options.submitted ? now : null,
      createdAt: now,
      updatedAt: now,
    });
  }
  return { ...user, cookie: `${user.cookie}; ${HINT}` };
}

function expectPage(response: Awaited<ReturnType<typeof page>>, body: string) {
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^text\/html/);
  expect(response.headers["cache-control"]).toBe("no-cache");
  expect(String(response.headers.vary).split(/,\s*/)).toEqual(["Accept-Encoding", "Cookie"]);
  expect(response.body).toBe(body);
}

describe("a signed-in applicant's first load of a form page", () => {
  it('gets "Hello!" after one login (or none recorded: spec §3 counts 1), on every form page', async () => {
    const first = await applicant({ logins: 1, statuses: ["started"] });
    for (const { path: pathname } of FORM_PAGES) {
      expectPage(await page(pathname, first.cookie), screenHtml("signed-in-hello", pathname));
    }
    const uncounted = await applicant();
    expectPage(await page("/about", uncounted.cookie), screenHtml("signed-in-hello", "/about"));
  });

  it('gets "Welcome Back!" after two logins, and no banner from the third', async () => {
    const second = await applicant({ logins: 2 });
    expectPage(await page("/education", second.cookie), screenHtml("signed-in-welcome-back", "/education"));
    const third = await applicant({ logins: 3 });
    expectPage(await page("/education", third.cookie), screenHtml("signed-in", "/education"));
    const many = await applicant({ logins: 7 });
    expectPage(await page("/final-steps", many.cookie), screenHtml("signed-in", "/final-steps"));
  });

  it("gets the page's screen when it is the last page, or while the application is validating", async () => {
    const here = await applicant({ logins: 1, lastPage: "/education" });
    expectPage(await page("/education", here.cookie), screenHtml("signed-in-hello", "/education"));
    const validating = await applicant({ logins: 2, statuses: ["started", "validating"] });
    expectPage(await page("/about", validating.cookie), screenHtml("signed-in-welcome-back", "/about"));
  });

  it("answers HEAD alike, and the revalidation of an unchanged screen with 304", async () => {
    const user = await applicant({ logins: 1 });
    const head = await test.app.inject({ method: "HEAD", url: "/about", headers: { cookie: user.cookie } });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBeTruthy();
    const again = await page("/about", user.cookie, { "if-none-match": String(head.headers.etag) });
    expect(again.statusCode).toBe(304);
    // Another applicant's state gives another screen: its tag does not match.
    const other = await applicant({ logins: 2 });
    const changed = await page("/about", other.cookie, { "if-none-match": String(head.headers.etag) });
    expectPage(changed, screenHtml("signed-in-welcome-back", "/about"));
  });

  it("neither records the activity nor ends the session: the page is no API call", async () => {
    const user = await applicant({ logins: 1 });
    const lastSeen = async () =>
      (await test.database.db.select().from(sessions).where(eq(sessions.userId, user.userId)))[0]?.lastSeenAt;
    const before = await lastSeen();
    // Past the minute after which the API's session check writes the activity down.
    test.advanceClock(2 * MINUTE);
    expectPage(await page("/about", user.cookie), screenHtml("signed-in-hello", "/about"));
    expect(await lastSeen()).toEqual(before);
    // Idle past the timeout: the bare shell, and the session is left for the API to end.
    test.advanceClock(IDLE_TIMEOUT_MS);
    expectPage(await page("/about", user.cookie), INDEX);
    expect(await lastSeen()).toEqual(before);
  });
});

describe("the bare shell, whenever the app would not show the page's first screen", () => {
  it("for a submitted application (the app goes to /completion), by its submit or its statuses", async () => {
    const submitted = await applicant({ logins: 1, submitted: true });
    expectPage(await page("/about", submitted.cookie), INDEX);
    const allStatuses = await applicant({ logins: 1, statuses: ["started", "validating", "submitted"] });
    expectPage(await page("/final-steps", allStatuses.cookie), INDEX);
  });

  it("when the app takes the applicant back to another last page", async () => {
    const elsewhere = await applicant({ logins: 1, lastPage: "/final-steps" });
    expectPage(await page("/about", elsewhere.cookie), INDEX);
  });

  it("for an unknown token, an expired session, or the hint cookie without a session cookie", async () => {
    expectPage(await page("/about", `${SESSION_COOKIE}=not-a-session; ${HINT}`), INDEX);
    expectPage(await page("/about", HINT), INDEX);
    const expired = await applicant({ logins: 1 });
    test.advanceClock(SESSION_MAX_AGE_MS + MINUTE);
    expectPage(await page("/about", expired.cookie), INDEX);
  });

  it("for a service link, signed in or not", async () => {
    const user = await applicant({ logins: 1 });
    const url = `/about?service_token=${"a".repeat(43)}`;
    expectPage(await page(url, user.cookie), INDEX);
    expectPage(await page(url), INDEX);
  });

  it("sends a visitor's screen, varying by cookie, when there is no hint cookie, even beside a session cookie", async () => {
    // Without the hint the app does not ask for the profile (spec §6): it shows the visitor's page.
    expectPage(await page("/about"), screenHtml("visitor", "/about"));
    const user = await signedInUser(test);
    expectPage(await page("/about", user.cookie), screenHtml("visitor", "/about"));
  });

  it("sends other paths the bare shell, as before", async () => {
    const user = await applicant({ logins: 1 });
    const other = await page("/completion", user.cookie);
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(INDEX);
    expect(other.headers.vary).toBe("Accept-Encoding");
  });

  it("never contains the applicant's address", async () => {
    const user = await applicant({ logins: 1 });
    const response = await page("/about", user.cookie);
    expect(response.body).not.toContain(user.username);
    expect(response.headers["set-cookie"]).toBeUndefined();
  });
});

// Issue 35: the same screens in Spanish, for a page asked in Spanish: `?lang=es`, else the language
// cookie the app sets when the applicant chooses; English otherwise.
describe("a page asked in Spanish", () => {
  const SPANISH = "adm_language=es";

  it("gets a visitor's Spanish screen for ?lang=es and for the language cookie, on every form page and /login", async () => {
    for (const { path: pathname } of FORM_PAGES) {
      expectPage(await page(`${pathname}?lang=es`), screenHtml("visitor", pathname, "es"));
      expectPage(await page(pathname, SPANISH), screenHtml("visitor", pathname, "es"));
    }
    expectPage(await page("/login?lang=es"), loginHtml("es"));
    expectPage(await page("/login", `${SPANISH}; other=1`), loginHtml("es"));
  });

  it("gets English without either, with the cookie set to English, and for a cookie value it does not know", async () => {
    expectPage(await page("/about"), screenHtml("visitor", "/about"));
    expectPage(await page("/about", "adm_language=en"), screenHtml("visitor", "/about"));
    for (const bad of [
      "adm_language=fr",
      "adm_language=ES",
      "adm_language=",
      "adm_language=es%00",
      "lang=es",
    ]) {
      expectPage(await page("/about", bad), screenHtml("visitor", "/about"));
    }
    expectPage(await page("/login", "adm_language=xx"), loginHtml("en"));
  });

  it("follows the link over the cookie, and the cookie over a link's language it does not know", async () => {
    expectPage(await page("/education?lang=en", SPANISH), screenHtml("visitor", "/education"));
    expectPage(await page("/education?lang=fr", SPANISH), screenHtml("visitor", "/education", "es"));
    expectPage(await page("/education?lang=fr"), screenHtml("visitor", "/education"));
    expectPage(await page("/education?draft=1&lang=es#top"), screenHtml("visitor", "/education", "es"));
  });

  it("gets a signed-in applicant's screen in Spanish, with the banner their session gives", async () => {
    const second = await applicant({ logins: 2 });
    expectPage(
      await page("/education", `${second.cookie}; ${SPANISH}`),
      screenHtml("signed-in-welcome-back", "/education", "es"),
    );
    expectPage(
      await page("/about?lang=es", second.cookie),
      screenHtml("signed-in-welcome-back", "/about", "es"),
    );
    // The bare shell whenever there is no first screen, in either language (it has no words).
    const submitted = await applicant({ logins: 1, submitted: true });
    expectPage(await page("/about?lang=es", submitted.cookie), INDEX);
  });

  it("is never the Spanish screen for a service link, and sends no cookie of its own", async () => {
    const response = await page(`/about?lang=es&service_token=${"a".repeat(43)}`, SPANISH);
    expectPage(response, INDEX);
    expect((await page("/about?lang=es")).headers["set-cookie"]).toBeUndefined();
  });

  it("answers a revalidation per language: each screen has its own ETag", async () => {
    const english = await page("/about");
    const spanish = await page("/about", SPANISH);
    expect(spanish.headers.etag).not.toBe(english.headers.etag);
    const again = await page("/about", SPANISH, { "if-none-match": String(spanish.headers.etag) });
    expect(again.statusCode).toBe(304);
    const stale = await page("/about", undefined, { "if-none-match": String(spanish.headers.etag) });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(screenHtml("visitor", "/about"));
  });
});

describe("over HTTPS (behind a proxy): the session is read under its __Host- name only", () => {
  const HTTPS = { "x-forwarded-proto": "https" };
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createSiblingApp(test, { trustProxy: 1, clientDir });
  });
  afterAll(async () => {
    await proxied?.close();
  });

  it("picks the screen from the prefixed cookie, and ignores an unprefixed one (plantable by a subdomain)", async () => {
    const user = await applicant({ logins: 2 });
    const token = user.cookie.split(";")[0]?.split("=")[1] ?? "";
    const secure = `${SECURE_COOKIE_PREFIX}${SESSION_COOKIE}=${token}; ${SECURE_COOKIE_PREFIX}${HINT}`;
    expectPage(await page("/about", secure, HTTPS, proxied), screenHtml("signed-in-welcome-back", "/about"));
    const planted = `${SESSION_COOKIE}=${token}; ${SECURE_COOKIE_PREFIX}${HINT}`;
    expectPage(await page("/about", planted, HTTPS, proxied), INDEX);
  });

  it("reads the language cookie under its __Host- name only (issue 35)", async () => {
    const secure = `${SECURE_COOKIE_PREFIX}${LANGUAGE_COOKIE}=es`;
    expectPage(await page("/about", secure, HTTPS, proxied), screenHtml("visitor", "/about", "es"));
    expectPage(
      await page("/about", `${LANGUAGE_COOKIE}=es`, HTTPS, proxied),
      screenHtml("visitor", "/about"),
    );
    // Over plain HTTP the name is unprefixed, as the app writes it there.
    expectPage(await page("/about", secure), screenHtml("visitor", "/about"));
  });
});

describe("when the database cannot be read", () => {
  it("sends the bare shell (never a 500 for a page) and logs a warning without the cookie", async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const unreachable: StatementRunner = {
      run: () => Promise.reject(new Error("connect ECONNREFUSED 10.0.0.5:5432")),
      transaction: () => Promise.reject(new Error("connect ECONNREFUSED 10.0.0.5:5432")),
    };
    const app = await buildApp({
      config: testConfig(test.dataDir, { clientDir, logStream }),
      database: { ...test.database, statements: unreachable },
      clock: test.app.clock,
      logStream,
    });
    await app.ready();
    try {
      const user = await applicant({ logins: 1 });
      const response = await app.inject({ method: "GET", url: "/about", headers: { cookie: user.cookie } });
      expectPage(response, INDEX);
      // The same cookie on an API path is refused by the same failure: the page is the odd one out.
      const api = await app.inject({
        method: "GET",
        url: "/api/profile",
        headers: clientHeaders(user.cookie),
      });
      expect(api.statusCode).toBeGreaterThanOrEqual(500);
      const warning = lines.find((line) => line.includes("could not read the session for a first screen"));
      expect(warning).toBeDefined();
      const token = user.cookie.split(";")[0]?.split("=")[1] ?? "";
      expect(lines.join("")).not.toContain(token);
    } finally {
      await app.close();
    }
  });
});
