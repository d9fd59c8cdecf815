import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUBMIT_ELSEWHERE_MESSAGE } from "../../server/services/web-status";
import { CLIENT_HEADER } from "../../src/shared/constants";
import { UNAUTHORIZED_MESSAGE } from "../../src/shared/messages";
import { getProfile, type ProfileBody, putAnswers } from "../helpers/api";
import { COMPLETE_APPLICATION } from "../helpers/complete-application";
import { sendJson, storedKeys } from "../helpers/sync";
import { createTestApp, idempotencyKey, signedInUser, type TestApp } from "../helpers/test-app";

const SAVED_MESSAGE = "Your application status has been saved.";
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test?.close();
});

function postStatus(
  cookie: string,
  body: unknown,
  options: { key?: string; headers?: Record<string, string> } = {},
) {
  return sendJson(test, cookie, "POST", "/api/web-status", body, options);
}

async function statuses(cookie: string): Promise<ProfileBody["web_status"]> {
  const response = await getProfile(test, cookie);
  expect(response.statusCode).toBe(200);
  return (response.json() as ProfileBody).web_status;
}

describe("POST /api/web-status", () => {
  it("records started, visible in the profile with an ISO created_at", async () => {
    const user = await signedInUser(test);
    const response = await postStatus(user.cookie, { web_status: "started" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toStrictEqual({ message: SAVED_MESSAGE });
    const entries = await statuses(user.cookie);
    expect(entries).toStrictEqual([
      { web_status: "started", created_at: expect.stringMatching(ISO_TIMESTAMP) },
    ]);
  });

  it("lists the entries in order, without duplicates of a status already recorded", async () => {
    const user = await signedInUser(test);
    for (const status of ["started", "started", "validating", "started", "validating"]) {
      expect((await postStatus(user.cookie, { web_status: status })).statusCode).toBe(200);
      test.advanceClock(1_000);
    }
    const entries = await statuses(user.cookie);
    expect(entries.map((entry) => entry.web_status)).toStrictEqual(["started", "validating"]);
    const [started, validating] = entries.map((entry) => Date.parse(entry.created_at));
    expect(validating).toBeGreaterThan(started ?? Number.POSITIVE_INFINITY);
  });

  it("records one entry for concurrent posts of the same status (several tabs)", async () => {
    const user = await signedInUser(test);
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => postStatus(user.cookie, { web_status: "started" })),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    expect((await statuses(user.cookie)).map((entry) => entry.web_status)).toStrictEqual(["started"]);
  });

  it("refuses submitted before the submit call has submitted the application (409)", async () => {
    const user = await signedInUser(test);
    await postStatus(user.cookie, { web_status: "started" });
    const key = idempotencyKey();
    const response = await postStatus(user.cookie, { web_status: "submitted" }, { key });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toStrictEqual({ message: SUBMIT_ELSEWHERE_MESSAGE });
    expect((await statuses(user.cookie)).map((entry) => entry.web_status)).toStrictEqual(["started"]);
    // Nothing stored under the key: once submitted, the same request is answered afresh.
    expect(await storedKeys(test, user.userId)).toStrictEqual({});
  });

  it("accepts submitted once submitted, as often as it is sent, changing nothing (spec §4 step 4)", async () => {
    const user = await signedInUser(test);
    expect((await putAnswers(test, user.cookie, { ...COMPLETE_APPLICATION })).statusCode).toBe(200);
    const submitted = await sendJson(test, user.cookie, "POST", "/api/submit", {});
    expect(submitted.statusCode, submitted.body).toBe(200);
    const before = await statuses(user.cookie);
    expect(before.map((entry) => entry.web_status)).toStrictEqual(["started", "validating", "submitted"]);
    test.advanceClock(1_000);
    const key = idempotencyKey();
    const first = await postStatus(user.cookie, { web_status: "submitted" }, { key });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toStrictEqual({ message: SAVED_MESSAGE });
    // A retry under the same key is replayed; another post (another tab) is accepted too.
    const replay = await postStatus(user.cookie, { web_status: "submitted" }, { key });
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect((await postStatus(user.cookie, { web_status: "submitted" })).statusCode).toBe(200);
    // The earlier statuses, late (an offline device), are accepted as well.
    expect((await postStatus(user.cookie, { web_status: "validating" })).statusCode).toBe(200);
    expect(await statuses(user.cookie)).toStrictEqual(before);
  });

  it.each([
    ["an unknown status", { web_status: "archived" }],
    ["a number", { web_status: 1 }],
    ["null", { web_status: null }],
    ["no web_status", {}],
  ])("refuses %s with a message naming web_status", async (_label, body) => {
    const user = await signedInUser(test);
    const response = await postStatus(user.cookie, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json())).toStrictEqual(["message"]);
    expect(response.json().message).toContain("web_status");
    expect(await statuses(user.cookie)).toStrictEqual([]);
  });

  it("refuses an array body", async () => {
    const user = await signedInUser(test);
    const response = await postStatus(user.cookie, ["started"]);
    expect(response.statusCode).toBe(400);
    // The message is readable: no empty field path before the problem.
    expect(response.json().message).toMatch(/^Invalid body: [A-Z]/);
    expect(await statuses(user.cookie)).toStrictEqual([]);
  });

  it("refuses a request without a body", async () => {
    const user = await signedInUser(test);
    const response = await test.app.inject({
      method: "POST",
      url: "/api/web-status",
      headers: { cookie: user.cookie, [CLIENT_HEADER]: "1" },
    });
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().message).toBe("string");
  });

  it("replays a repeated Idempotency-Key and refuses it for another status (422)", async () => {
    const user = await signedInUser(test);
    const key = idempotencyKey();
    const first = await postStatus(user.cookie, { web_status: "started" }, { key });
    expect(first.statusCode).toBe(200);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const again = await postStatus(user.cookie, { web_status: "started" }, { key });
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toStrictEqual(first.json());
    const other = await postStatus(user.cookie, { web_status: "validating" }, { key });
    expect(other.statusCode).toBe(422);
    expect((await statuses(user.cookie)).map((entry) => entry.web_status)).toStrictEqual(["started"]);
    expect(await storedKeys(test, user.userId)).toStrictEqual({ [key]: 200 });
  });

  it("does not let an answers key replay as a web status", async () => {
    const user = await signedInUser(test);
    const key = idempotencyKey();
    await sendJson(test, user.cookie, "PUT", "/api/answer", { first_name: "Ada" }, { key });
    const response = await postStatus(user.cookie, { web_status: "started" }, { key });
    expect(response.statusCode).toBe(422);
  });

  it("refuses a malformed Idempotency-Key, and a status it cannot record, storing nothing", async () => {
    const user = await signedInUser(test);
    const malformed = await postStatus(user.cookie, { web_status: "started" }, { key: "short" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain("Idempotency-Key");
    const key = idempotencyKey();
    expect((await postStatus(user.cookie, { web_status: "submitted" }, { key })).statusCode).toBe(409);
    expect(await storedKeys(test, user.userId)).toStrictEqual({});
    expect(await statuses(user.cookie)).toStrictEqual([]);
  });

  it("answers 401 without a session", async () => {
    const response = await sendJson(test, "", "POST", "/api/web-status", { web_status: "started" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toStrictEqual({ message: UNAUTHORIZED_MESSAGE });
  });

  it.each([
    ["without the client header", { [CLIENT_HEADER]: "0" }],
    ["marked cross-site", { "sec-fetch-site": "cross-site" }],
    ["from a foreign origin", { origin: "https://evil.example" }],
  ])("answers 403 %s and stores nothing", async (_label, headers) => {
    const user = await signedInUser(test);
    const response = await postStatus(user.cookie, { web_status: "started" }, { headers });
    expect(response.statusCode).toBe(403);
    expect(typeof response.json().message).toBe("string");
    expect(await statuses(user.cookie)).toStrictEqual([]);
  });
});
