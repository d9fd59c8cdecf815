import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications } from "../../server/db/schema";
import { createSession } from "../../server/services/sessions";
import { ALREADY_SUBMITTED_MESSAGE } from "../../server/services/submission";
import { partner } from "../../src/config/partner";
import { validateAnswers } from "../../src/form/engine/validate";
import { CERTIFICATION_TEXT } from "../../src/form/pages/final-steps";
import { formPages } from "../../src/form/pages/form-pages";
import { CLIENT_HEADER, SESSION_COOKIE } from "../../src/shared/constants";
import {
  COMPLETION_MESSAGE,
  MISSING_INFORMATION_MESSAGE,
  SUBMITTED_READ_ONLY_MESSAGE,
  UNAUTHORIZED_MESSAGE,
} from "../../src/shared/messages";
import { getProfile, type ProfileBody, putAnswers, storedAnswers } from "../helpers/api";
import { COMPLETE_APPLICATION } from "../helpers/complete-application";
import { clientId, lastSeq, sendBatch, sendJson, storedKeys, validationReport } from "../helpers/sync";
import {
  clientHeaders,
  createTestApp,
  idempotencyKey,
  signedInUser,
  type TestApp,
} from "../helpers/test-app";

// POST /api/submit and the read-only application after it (docs/decisions/0005-submission.md).

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test?.close();
});

type User = Awaited<ReturnType<typeof signedInUser>>;

/** POST /api/submit as our client sends it: no payload unless one is given. */
function submit(
  cookie: string,
  options: { key?: string; headers?: Record<string, string>; payload?: string } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...clientHeaders(cookie), ...options.headers };
  if (options.key !== undefined) headers["idempotency-key"] = options.key;
  return test.app.inject({
    method: "POST",
    url: "/api/submit",
    headers,
    ...(options.payload === undefined ? {} : { payload: options.payload }),
  });
}

async function completedUser(changes: Record<string, string> = {}): Promise<User> {
  const user = await signedInUser(test);
  const saved = await putAnswers(test, user.cookie, { ...COMPLETE_APPLICATION, ...changes });
  expect(saved.statusCode, saved.body).toBe(200);
  return user;
}

async function submittedUser(): Promise<User> {
  const user = await completedUser();
  const response = await submit(user.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return user;
}

async function submittedAt(userId: string): Promise<Date | null> {
  const [row] = await test.database.db
    .select({ submittedAt: applications.submittedAt })
    .from(applications)
    .where(eq(applications.userId, userId));
  return row?.submittedAt ?? null;
}

async function statuses(cookie: string): Promise<ProfileBody["web_status"]> {
  const response = await getProfile(test, cookie);
  expect(response.statusCode).toBe(200);
  return (response.json() as ProfileBody).web_status;
}

function expectReadOnly(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(409);
  expect(response.json()).toStrictEqual({ message: SUBMITTED_READ_ONLY_MESSAGE, submitted: true });
}

describe("POST /api/submit: refused", () => {
  it("refuses an empty application with every missing answer, in the engine's words (422)", async () => {
    const user = await signedInUser(test);
    const response = await submit(user.cookie);
    expect(response.statusCode, response.body).toBe(422);
    const body = response.json();
    expect(Object.keys(body)).toStrictEqual(["message", "errors"]);
    expect(body.message).toBe(MISSING_INFORMATION_MESSAGE);
    expect(body.errors.app_type).toStrictEqual(["How do you wish to apply?"]);
    expect(body.errors.first_name).toStrictEqual(["Legal First Name"]);
    expect(body.errors.legal_agree).toStrictEqual([CERTIFICATION_TEXT]);
    expect(body.errors.college_name).toStrictEqual(["College/University 1: Search for Your School"]);
    expect(body.errors).toStrictEqual(
      validateAnswers(formPages, {}, { hostName: partner.name, today: test.app.clock() }),
    );
  });

  it("records nothing: no submission, the web statuses unchanged, no application row", async () => {
    const user = await signedInUser(test);
    expect((await submit(user.cookie)).statusCode).toBe(422);
    expect(await statuses(user.cookie)).toStrictEqual([]);
    const [row] = await test.database.db
      .select()
      .from(applications)
      .where(eq(applications.userId, user.userId));
    expect(row).toBeUndefined();

    await sendJson(test, user.cookie, "POST", "/api/web-status", { web_status: "started" });
    await sendJson(test, user.cookie, "POST", "/api/web-status", { web_status: "validating" });
    const before = await statuses(user.cookie);
    await putAnswers(test, user.cookie, { first_name: "Ada" });
    expect((await submit(user.cookie)).statusCode).toBe(422);
    expect(await statuses(user.cookie)).toStrictEqual(before);
    expect(await submittedAt(user.userId)).toBeNull();
    // Still open: answers may be saved.
    expect((await putAnswers(test, user.cookie, { last_name: "Lovelace" })).statusCode).toBe(200);
  });

  it("names only what is missing from an otherwise complete application", async () => {
    const user = await completedUser({ legal_agree: "false", zip: "123" });
    const response = await submit(user.cookie);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toStrictEqual({
      zip: ["ZIP/Postal Code must be at least 5 characters."],
      legal_agree: [CERTIFICATION_TEXT],
    });
  });

  it("refuses coded answers that are none of their options, naming each field (issue 11: app_type 9)", async () => {
    const notAnOption = ["Please choose one of the listed options."];
    const user = await completedUser({ country: "Atlantis", grad_year: "1066", legal_agree: "yes" });
    const response = await submit(user.cookie);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toStrictEqual({
      country: notAnOption,
      grad_month: notAnOption,
      grad_year: notAnOption,
      legal_agree: [...notAnOption, CERTIFICATION_TEXT],
    });

    // app_type 9 also hides the questions of every real application type; it is named all the same.
    const nine = await completedUser({ app_type: "9" });
    const refused = await submit(nine.cookie);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.app_type).toStrictEqual(notAnOption);
    expect(await submittedAt(nine.userId)).toBeNull();
  });

  it("validates the stored answers, whatever the client last reported", async () => {
    const user = await completedUser({ first_name: "" });
    await sendJson(test, user.cookie, "POST", "/api/validations", {});
    const response = await submit(user.cookie);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toStrictEqual({ first_name: ["Legal First Name"] });
  });

  it("holds the application to the stored add-another count: an empty second college is missing", async () => {
    const user = await completedUser();
    const count = await sendJson(test, user.cookie, "PUT", "/api/add-another", {
      button_id: "college",
      num_components: 2,
    });
    expect(count.statusCode, count.body).toBe(200);
    const refused = await submit(user.cookie);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toStrictEqual({
      college_2_name: ["College/University 2: Search for Your School"],
      college_2_attend_from_month: ["College/University 2: Attended From"],
      college_2_attend_from_year: ["College/University 2: Attended From"],
      college_2_attend_to_month: ["College/University 2: Attended To"],
      college_2_attend_to_year: ["College/University 2: Attended To"],
    });

    await putAnswers(test, user.cookie, {
      college_2_name: "Lakeside College",
      college_2_attend_from_month: "9",
      college_2_attend_from_year: "2020",
      college_2_attend_to_month: "5",
      college_2_attend_to_year: "2022",
    });
    expect((await submit(user.cookie)).statusCode).toBe(200);
  });

  it("checks dates against the server clock", async () => {
    // The applicant turns 13 tomorrow (by the server's clock).
    const now = test.app.clock();
    const birth = new Date(now.getFullYear() - 13, now.getMonth(), now.getDate() + 1);
    const iso = [birth.getFullYear(), birth.getMonth() + 1, birth.getDate()]
      .map((part) => String(part).padStart(2, "0"))
      .join("-");
    const user = await completedUser({ birth_date: iso });
    const refused = await submit(user.cookie);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toStrictEqual({ birth_date: ["You must be 13 years or older to apply."] });

    test.advanceClock(2 * 24 * 60 * 60 * 1000);
    // The old session has expired meanwhile: sign in again.
    const { token } = await createSession(test.database.db, user.userId, test.app.clock());
    const accepted = await submit(`${SESSION_COOKIE}=${token}`);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});

describe("POST /api/submit: accepted", () => {
  it("submits a complete application: completion message, submission time, every web status", async () => {
    const user = await completedUser();
    const before = test.app.clock().getTime();
    const response = await submit(user.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toStrictEqual({
      message: COMPLETION_MESSAGE,
      submitted_at: expect.stringMatching(ISO_TIMESTAMP),
    });
    expect(Date.parse(body.submitted_at)).toBeGreaterThanOrEqual(before);
    expect((await submittedAt(user.userId))?.toISOString()).toBe(body.submitted_at);

    const profile = (await getProfile(test, user.cookie)).json() as ProfileBody;
    expect(profile.web_status).toStrictEqual([
      { web_status: "started", created_at: body.submitted_at },
      { web_status: "validating", created_at: body.submitted_at },
      { web_status: "submitted", created_at: body.submitted_at },
    ]);
    expect(profile.answer).toStrictEqual(COMPLETE_APPLICATION);
  });

  it("adds only the web statuses that are missing, after those already recorded", async () => {
    const user = await completedUser();
    await sendJson(test, user.cookie, "POST", "/api/web-status", { web_status: "started" });
    const [started] = await statuses(user.cookie);
    test.advanceClock(1_000);
    expect((await submit(user.cookie)).statusCode).toBe(200);
    const entries = await statuses(user.cookie);
    expect(entries.map((entry) => entry.web_status)).toStrictEqual(["started", "validating", "submitted"]);
    expect(entries[0]).toStrictEqual(started);
  });

  it("answers a second submit 200 with the first submission time", async () => {
    const user = await completedUser();
    const first = (await submit(user.cookie)).json();
    test.advanceClock(1_000);
    const again = await submit(user.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toStrictEqual({
      message: ALREADY_SUBMITTED_MESSAGE,
      submitted_at: first.submitted_at,
    });
    expect((await statuses(user.cookie)).map((entry) => entry.web_status)).toStrictEqual([
      "started",
      "validating",
      "submitted",
    ]);
  });

  it.each([
    ["no body", {}],
    ["an empty JSON body", { payload: "", headers: { "content-type": "application/json" } }],
    ["an empty object", { payload: "{}", headers: { "content-type": "application/json" } }],
  ])("accepts %s", async (_label, options) => {
    const user = await completedUser();
    const response = await submit(user.cookie, options);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(COMPLETION_MESSAGE);
  });

  it.each([
    ["an object with fields", '{"answers":{}}'],
    ["an array", "[]"],
    ["malformed JSON", "{"],
  ])("refuses a body that is %s (400) and records nothing", async (_label, payload) => {
    const user = await completedUser();
    const response = await submit(user.cookie, { payload, headers: { "content-type": "application/json" } });
    expect(response.statusCode, response.body).toBe(400);
    expect(typeof response.json().message).toBe("string");
    expect(await submittedAt(user.userId)).toBeNull();
  });

  it("replays an accepted submit under its Idempotency-Key; a refused one stores nothing under it", async () => {
    const user = await completedUser({ legal_agree: "" });
    const key = idempotencyKey();
    expect((await submit(user.cookie, { key })).statusCode).toBe(422);
    expect(await storedKeys(test, user.userId)).not.toHaveProperty(key);

    expect((await putAnswers(test, user.cookie, { legal_agree: "true" })).statusCode).toBe(200);
    const accepted = await submit(user.cookie, { key });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.headers["idempotent-replayed"]).toBeUndefined();
    const replayed = await submit(user.cookie, { key });
    expect(replayed.statusCode).toBe(200);
    expect(replayed.headers["idempotent-replayed"]).toBe("true");
    expect(replayed.json()).toStrictEqual(accepted.json());
    expect(await storedKeys(test, user.userId)).toMatchObject({ [key]: 200 });
  });

  it("answers 401 without a session", async () => {
    const response = await test.app.inject({
      method: "POST",
      url: "/api/submit",
      headers: { [CLIENT_HEADER]: "1" },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toStrictEqual({ message: UNAUTHORIZED_MESSAGE });
  });

  it("answers 403 without the client header and submits nothing", async () => {
    const user = await completedUser();
    const response = await test.app.inject({
      method: "POST",
      url: "/api/submit",
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(403);
    expect(typeof response.json().message).toBe("string");
    expect(await submittedAt(user.userId)).toBeNull();
    expect(await statuses(user.cookie)).toStrictEqual([]);
  });
});

describe("a submitted application is read-only", () => {
  it("refuses a save (409 { message, submitted }) and keeps the stored answers", async () => {
    const user = await submittedUser();
    const response = await putAnswers(test, user.cookie, { first_name: "Grace", middle_name: "B" });
    expectReadOnly(response);
    expect(await storedAnswers(test, user.cookie)).toStrictEqual(COMPLETE_APPLICATION);
  });

  it("refuses the same save again: the refusal stored no outcome under its key", async () => {
    const user = await submittedUser();
    const key = idempotencyKey();
    expectReadOnly(await putAnswers(test, user.cookie, { first_name: "Grace" }, { key }));
    expectReadOnly(await putAnswers(test, user.cookie, { first_name: "Grace" }, { key }));
    expect(await storedKeys(test, user.userId)).not.toHaveProperty(key);
    expect((await storedAnswers(test, user.cookie)).first_name).toBe("Ada");
  });

  it("leaves the device's sequence number unused, and tells a gap (expected_seq) from read-only", async () => {
    const user = await completedUser();
    const device = clientId();
    const before = await sendBatch(test, user.cookie, { middle_name: "B" }, { client: device, seq: 1 });
    expect(before.statusCode).toBe(200);
    expect((await submit(user.cookie)).statusCode).toBe(200);

    expectReadOnly(await sendBatch(test, user.cookie, { middle_name: "C" }, { client: device, seq: 2 }));
    expect(await lastSeq(test, user.userId, device)).toBe(1);
    // The sequence rule comes first: a gap is still answered with expected_seq, not `submitted`.
    const gap = await sendBatch(test, user.cookie, { middle_name: "C" }, { client: device, seq: 5 });
    expect(gap.statusCode).toBe(409);
    expect(Object.keys(gap.json())).toStrictEqual(["message", "expected_seq"]);
    expect(gap.json().expected_seq).toBe(2);
    expect((await storedAnswers(test, user.cookie)).middle_name).toBe("B");
  });

  it("still replays a save made before the submit with its stored 200 outcome", async () => {
    const user = await signedInUser(test);
    const key = idempotencyKey();
    const device = clientId();
    const saved = await sendBatch(test, user.cookie, COMPLETE_APPLICATION, { key, client: device, seq: 1 });
    expect(saved.statusCode).toBe(200);
    expect((await submit(user.cookie)).statusCode).toBe(200);

    // The client lost the response and retries the batch unchanged.
    const retried = await sendBatch(test, user.cookie, COMPLETE_APPLICATION, { key, client: device, seq: 1 });
    expect(retried.statusCode).toBe(200);
    expect(retried.headers["idempotent-replayed"]).toBe("true");
    expect(retried.json()).toStrictEqual(saved.json());
  });

  it("refuses add-another counts (409) and keeps the stored count", async () => {
    const user = await completedUser();
    await sendJson(test, user.cookie, "PUT", "/api/add-another", { button_id: "legacy", num_components: 2 });
    expect((await submit(user.cookie)).statusCode).toBe(200);
    const body = { button_id: "legacy", num_components: 3 };
    const key = idempotencyKey();
    expectReadOnly(await sendJson(test, user.cookie, "PUT", "/api/add-another", body, { key }));
    expectReadOnly(await sendJson(test, user.cookie, "PUT", "/api/add-another", body, { key }));
    const counts = await test.app.inject({
      method: "GET",
      url: "/api/add-another",
      headers: clientHeaders(user.cookie),
    });
    expect(counts.json()).toStrictEqual({ add_another: { legacy: 2 } });
  });

  it("still accepts the last page, web statuses and validation reports", async () => {
    const user = await submittedUser();
    const lastPage = await sendJson(test, user.cookie, "PUT", "/api/last-page", {
      last_page: "/final-steps",
    });
    expect(lastPage.statusCode, lastPage.body).toBe(200);
    const status = await sendJson(test, user.cookie, "POST", "/api/web-status", { web_status: "validating" });
    expect(status.statusCode, status.body).toBe(200);
    const report = await sendJson(test, user.cookie, "POST", "/api/validations", {});
    expect(report.statusCode, report.body).toBe(200);
    expect(await validationReport(test, user.userId)).toStrictEqual({});
    const profile = (await getProfile(test, user.cookie)).json() as ProfileBody;
    expect(profile.last_page).toBe("/final-steps");
    expect(profile.web_status.map((entry) => entry.web_status)).toStrictEqual([
      "started",
      "validating",
      "submitted",
    ]);
  });
});

describe("a save racing the submit", () => {
  /** How far the save starts ahead of the submit in each round (negative: behind), so both orders occur. */
  const LEADS_MS = [0, 0, 2, 5, 10, 20, -1, -5];
  const ROUNDS = LEADS_MS.length;

  async function race<T>(save: () => Promise<T>, submitCall: () => Promise<T>, leadMs: number) {
    const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
    return Promise.all([after(-leadMs).then(save), after(leadMs).then(submitCall)]);
  }

  it("is either applied before the submit validates, or refused after it", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const user = await completedUser();
      const save = () => putAnswers(test, user.cookie, { middle_name: `M${round}` });
      // Alternate which request starts first, so both orders are tried.
      const [saved, submitted] = await race(save, () => submit(user.cookie), LEADS_MS[round] ?? 0);
      expect(submitted.statusCode, submitted.body).toBe(200);
      const middle = (await storedAnswers(test, user.cookie)).middle_name;
      if (saved.statusCode === 200) {
        expect(middle).toBe(`M${round}`);
      } else {
        expectReadOnly(saved);
        expect(middle).toBeUndefined();
      }
      expect(await submittedAt(user.userId)).not.toBeNull();
    }
  });

  it("that breaks the application: either the submit is refused, or the save is", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const user = await completedUser();
      const save = () => putAnswers(test, user.cookie, { first_name: "" });
      const [saved, submitted] = await race(save, () => submit(user.cookie), LEADS_MS[round] ?? 0);
      const stored = await storedAnswers(test, user.cookie);
      const webStatuses = (await statuses(user.cookie)).map((entry) => entry.web_status);
      if (saved.statusCode === 200) {
        expect(submitted.statusCode, submitted.body).toBe(422);
        expect(submitted.json().errors).toStrictEqual({ first_name: ["Legal First Name"] });
        expect(stored.first_name).toBe("");
        expect(await submittedAt(user.userId)).toBeNull();
        expect(webStatuses).toStrictEqual([]);
      } else {
        expectReadOnly(saved);
        expect(submitted.statusCode, submitted.body).toBe(200);
        expect(stored.first_name).toBe("Ada");
        expect(await submittedAt(user.userId)).not.toBeNull();
        expect(webStatuses).toStrictEqual(["started", "validating", "submitted"]);
      }
    }
  });
});
