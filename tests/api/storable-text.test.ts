import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users, validationReports } from "../../server/db/schema";
import { importSchools } from "../../server/lookup/import-schools";
import type { FormPage } from "../../src/form/catalogue-types";
import { CLIENT_HEADER } from "../../src/shared/constants";
import { getProfile, type ProfileBody, putAnswers, responseCookies } from "../helpers/api";
import { login, PASSWORD, postPublic, uniqueAddress } from "../helpers/auth";
import { codeIn, linkIn, startSmtp, type TestSmtp } from "../helpers/smtp";
import { sendJson, syncHeaders } from "../helpers/sync";
import {
  clientHeaders,
  createTestApp,
  idempotencyKey,
  signedInUser,
  TEST_PUBLIC_URL,
  type TestApp,
} from "../helpers/test-app";

// Decision 0006: text PostgreSQL cannot store (U+0000, lone surrogates) is normalised on every
// route before anything reads it, so it is stored as the rule says and never causes a 500.

const NUL = "\u0000";
const HIGH = "\uD800";
const LOW = "\uDC00";
const FFFD = "\uFFFD";

let smtp: TestSmtp;
let test: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  test = await createTestApp({ smtpUrl: smtp.url, testHooks: true });
});
afterAll(async () => {
  await test?.close();
  await smtp?.close();
});

function expectStatus(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
}

async function answersOf(cookie: string): Promise<Record<string, string>> {
  return ((await getProfile(test, cookie)).json() as ProfileBody).answer;
}

describe("PUT /api/answer", () => {
  it("stores an answer without its NULs and with U+FFFD for each lone surrogate", async () => {
    const user = await signedInUser(test);
    const response = await putAnswers(test, user.cookie, {
      first_name: `${NUL}Ada${NUL}`,
      last_name: `Love${HIGH}lace${LOW}`,
      preferred_name: `😀${NUL}`,
    });
    expectStatus(response, 200);
    expect(response.json().saved).toBe(3);
    expect(await answersOf(user.cookie)).toMatchObject({
      first_name: "Ada",
      last_name: `Love${FFFD}lace${FFFD}`,
      preferred_name: "😀",
    });
  });

  it("normalises the sync envelope too (edit times keyed by a key with a NUL)", async () => {
    const user = await signedInUser(test);
    const editedAt = Date.now() - 1000;
    const response = await putAnswers(test, user.cookie, {
      answers: { [`first_name${NUL}`]: `Grace${NUL}` },
      edited_at: { [`first_name${NUL}`]: editedAt },
    });
    expectStatus(response, 200);
    expect(await answersOf(user.cookie)).toMatchObject({ first_name: "Grace" });
  });

  it("replays a retried batch (same body, same key) with the stored outcome", async () => {
    const user = await signedInUser(test);
    const key = idempotencyKey();
    const client = `device-${crypto.randomUUID()}`;
    const body = { first_name: `Ada${NUL}`, last_name: `B${HIGH}` };
    const first = await putAnswers(test, user.cookie, body, { key, headers: syncHeaders(client, 1) });
    expectStatus(first, 200);
    const retry = await putAnswers(test, user.cookie, body, { key, headers: syncHeaders(client, 1) });
    expectStatus(retry, 200);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json()).toStrictEqual(first.json());
    // A client that normalises before resending sends the same save: a replay, not a key reuse (422).
    const normalised = await putAnswers(
      test,
      user.cookie,
      { first_name: "Ada", last_name: `B${FFFD}` },
      { key, headers: syncHeaders(client, 1) },
    );
    expectStatus(normalised, 200);
    expect(normalised.headers["idempotent-replayed"]).toBe("true");
  });

  it("refuses a NUL in the headers it stores with 400, not 500", async () => {
    const user = await signedInUser(test);
    const key = await putAnswers(test, user.cookie, { first_name: "Ada" }, { key: `key-${NUL}-123456` });
    expectStatus(key, 400);
    expect(key.json().message).toContain("Idempotency-Key");
    const client = await putAnswers(
      test,
      user.cookie,
      { first_name: "Ada" },
      { headers: { "x-client-id": `device${NUL}12345`, "x-client-seq": "1" } },
    );
    expectStatus(client, 400);
    expect(client.json().message).toContain("X-Client-Id");
  });

  it("refuses a body nested deeper than any call accepts with 400", async () => {
    const user = await signedInUser(test);
    const response = await putAnswers(test, user.cookie, undefined, {
      raw: `${"[".repeat(40)}"x\\u0000"${"]".repeat(40)}`,
    });
    expectStatus(response, 400);
    expect(response.json().message).toMatch(/nested/);
  });
});

describe("the other writes of a signed-in applicant", () => {
  it("POST /api/validations stores the messages normalised, and replays a retry", async () => {
    const user = await signedInUser(test);
    const key = idempotencyKey();
    const body = { first_name: [`Required${NUL}`, `Bad ${HIGH}`], [`last_name${NUL}`]: ["x"] };
    const first = await sendJson(test, user.cookie, "POST", "/api/validations", body, { key });
    expectStatus(first, 200);
    const [row] = await test.database.db
      .select({ report: validationReports.report })
      .from(validationReports)
      .where(eq(validationReports.userId, user.userId));
    expect(row?.report).toStrictEqual({ first_name: ["Required", `Bad ${FFFD}`], last_name: ["x"] });
    const retry = await sendJson(test, user.cookie, "POST", "/api/validations", body, { key });
    expectStatus(retry, 200);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
  });

  it("PUT /api/last-page stores the normalised page, and names the field when it is no page", async () => {
    const user = await signedInUser(test);
    expectStatus(
      await sendJson(test, user.cookie, "PUT", "/api/last-page", { last_page: `/education${NUL}` }),
      200,
    );
    expect(((await getProfile(test, user.cookie)).json() as ProfileBody).last_page).toBe("/education");
    const surrogate = await sendJson(test, user.cookie, "PUT", "/api/last-page", {
      last_page: `/about${HIGH}`,
    });
    expectStatus(surrogate, 400);
    expect(surrogate.json().message).toContain("last_page");
  });

  it("POST /api/web-status records the normalised status", async () => {
    const user = await signedInUser(test);
    const key = idempotencyKey();
    const body = { web_status: `started${NUL}` };
    expectStatus(await sendJson(test, user.cookie, "POST", "/api/web-status", body, { key }), 200);
    const profile = (await getProfile(test, user.cookie)).json() as ProfileBody;
    expect(profile.web_status.map((entry) => entry.web_status)).toStrictEqual(["started"]);
    const retry = await sendJson(test, user.cookie, "POST", "/api/web-status", body, { key });
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    const surrogate = await sendJson(test, user.cookie, "POST", "/api/web-status", {
      web_status: `started${LOW}`,
    });
    expectStatus(surrogate, 400);
  });

  it("PUT /api/add-another stores the count under the normalised button id", async () => {
    const user = await signedInUser(test);
    const response = await sendJson(test, user.cookie, "PUT", "/api/add-another", {
      button_id: `col${NUL}lege`,
      num_components: 2,
    });
    expectStatus(response, 200);
    expect(response.json().button_id).toBe("college");
    expect(((await getProfile(test, user.cookie)).json() as ProfileBody).add_another).toMatchObject({
      college: 2,
    });
    const surrogate = await sendJson(test, user.cookie, "PUT", "/api/add-another", {
      button_id: `college${HIGH}`,
      num_components: 2,
    });
    expectStatus(surrogate, 400);
    expect(surrogate.json().message).toContain("button_id");
  });
});

describe("PUT /api/tabs", () => {
  const tabbed: readonly FormPage[] = [
    {
      id: "education",
      title: "Your Academics",
      intro: "",
      sections: [
        {
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
                questions: [{ kind: "text", key: "college_name", label: "File" }],
              },
              {
                id: "manual",
                label: "Type",
                questions: [{ kind: "text", key: "college_gpa", label: "GPA" }],
              },
            ],
          },
        },
      ],
    },
  ];
  let tabsApp: TestApp;
  beforeAll(async () => {
    tabsApp = await createTestApp({ catalogue: tabbed });
  });
  afterAll(async () => {
    await tabsApp?.close();
  });

  it("stores the normalised tab choice, and names the field for a surrogate", async () => {
    const user = await signedInUser(tabsApp);
    const response = await sendJson(tabsApp, user.cookie, "PUT", "/api/tabs", {
      tab_id: `transcript_tab${NUL}`,
      chosen_tab: `man${NUL}ual`,
    });
    expectStatus(response, 200);
    expect(((await getProfile(tabsApp, user.cookie)).json() as ProfileBody).tabs).toStrictEqual({
      transcript_tab: "manual",
    });
    const surrogate = await sendJson(tabsApp, user.cookie, "PUT", "/api/tabs", {
      tab_id: "transcript_tab",
      chosen_tab: `manual${HIGH}`,
    });
    expectStatus(surrogate, 400);
    expect(surrogate.json().message).toContain("chosen_tab");
  });
});

describe("account calls", () => {
  it("signs up, confirms and logs in with NULs anywhere, consistently normalised", async () => {
    const address = uniqueAddress("nul");
    const withNuls = `${address.slice(0, 3)}${NUL}${address.slice(3)}`;
    expectStatus(
      await postPublic(test, "/public/signup", { username: withNuls, password: `${PASSWORD}${NUL}` }),
      200,
    );
    const [user] = await test.database.db.select().from(users).where(eq(users.username, address));
    expect(user).toBeDefined();
    const code = codeIn(await smtp.nextMailTo(address));
    const confirm = await postPublic(test, "/public/confirm", {
      username: withNuls,
      code: `${code.slice(0, 3)}${NUL}${code.slice(3)}`,
    });
    expectStatus(confirm, 200);
    // The password was stored without its NUL: typed with or without it, it is the same password.
    expectStatus(await login(test, address, PASSWORD), 200);
    const withNul = await login(test, withNuls, `${NUL}${PASSWORD}`);
    expectStatus(withNul, 200);
    expect(responseCookies(withNul).get("adm_session")?.value).toBeTruthy();
  });

  it("answers resend, forgot and reset calls with NULs and lone surrogates without a 500", async () => {
    const address = uniqueAddress("surrogate");
    expectStatus(
      await postPublic(test, "/public/signup", { username: `${address}${HIGH}`, password: PASSWORD }),
      200,
    );
    const [user] = await test.database.db
      .select()
      .from(users)
      .where(eq(users.username, `${address}${FFFD}`));
    expect(user).toBeDefined();
    expectStatus(await postPublic(test, "/public/resend-confirm", { username: `${NUL}${address}` }), 200);
    expectStatus(await postPublic(test, "/public/forgot-password", { username: `${address}${NUL}` }), 200);
    const reset = await postPublic(test, "/public/reset-password", {
      username: address,
      password: PASSWORD,
      confirm_password: `${PASSWORD}${NUL}`,
      id: `${NUL}${HIGH}not-a-link`,
    });
    expectStatus(reset, 400);
    expect(reset.json().message).toMatch(/invalid or has expired/);
  });

  it("accepts a reset link id carrying a NUL as the same link", async () => {
    const address = uniqueAddress("reset");
    await postPublic(test, "/public/signup", { username: address, password: PASSWORD });
    await smtp.nextMailTo(address);
    expectStatus(await postPublic(test, "/public/forgot-password", { username: address }), 200);
    const id =
      linkIn(await smtp.nextMailTo(address), `${TEST_PUBLIC_URL}/reset`).searchParams.get("id") ?? "";
    const reset = await postPublic(test, "/public/reset-password", {
      username: address,
      password: `${PASSWORD}!`,
      confirm_password: `${PASSWORD}!`,
      id: `${id}${NUL}`,
    });
    expectStatus(reset, 200);
  });

  it("POST /__test__/session (browser tests) signs in the normalised address", async () => {
    const address = uniqueAddress("hook");
    const response = await test.app.inject({
      method: "POST",
      url: "/__test__/session",
      headers: { [CLIENT_HEADER]: "1" },
      payload: { username: `${address}${NUL}` },
    });
    expectStatus(response, 200);
    const [user] = await test.database.db.select().from(users).where(eq(users.username, address));
    expect(user).toBeDefined();
  });
});

describe("GET /lookup/find", () => {
  // A high school of its own (tests share one PostgreSQL in CI; the college list is counted elsewhere).
  beforeAll(async () => {
    await importSchools(
      test.database.db,
      "hs_ceeb",
      "ceeb,name,city,state\n998871,Nulwick Academy,Boston,MA\n",
    );
  });

  function find(query: string) {
    return test.app.inject({ method: "GET", url: `/lookup/find?${query}` });
  }

  it("searches for the text without its NULs", async () => {
    const response = await find("category=hs_ceeb&text=Nul%00wick");
    expectStatus(response, 200);
    expect(response.json()).toMatchObject([{ id: "998871", text: "Nulwick Academy" }]);
    expectStatus(await find("category=address&text=100%0001"), 200);
  });

  it("finds details by an id without its NULs", async () => {
    const response = await find("category=hs_ceeb&id=9988%0071");
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({ name: "Nulwick Academy", ceeb: "998871" });
  });

  it("answers text that is only NULs as empty, and bytes that are no UTF-8, without a 500", async () => {
    const empty = await find("category=hs_ceeb&text=%00%00");
    expectStatus(empty, 400);
    expect(empty.json().message).toContain("text");
    // %ED%A0%80 would be a lone surrogate encoded as UTF-8.
    expectStatus(await find("category=hs_ceeb&text=a%ED%A0%80b"), 200);
    expectStatus(await find("category=hs_ceeb&id=a%ED%A0%80b"), 404);
    expectStatus(await find("category=hs_ceeb%00&text=a"), 200);
  });

  it("uses the normalised text with a session cookie too", async () => {
    const user = await signedInUser(test);
    const response = await test.app.inject({
      method: "GET",
      url: "/lookup/find?category=hs_ceeb&text=%00Nulwick",
      headers: clientHeaders(user.cookie),
    });
    expectStatus(response, 200);
    expect(response.json()).toHaveLength(1);
  });
});
