import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_MESSAGE_LENGTH, MAX_MESSAGES_PER_FIELD } from "../../server/services/validations";
import { CLIENT_HEADER } from "../../src/shared/constants";
import { UNAUTHORIZED_MESSAGE } from "../../src/shared/messages";
import { sendJson, storedKeys, validationReport } from "../helpers/sync";
import { createTestApp, idempotencyKey, signedInUser, type TestApp } from "../helpers/test-app";

const SAVED_MESSAGE = "Your validation results have been saved.";

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test?.close();
});

function postReport(
  cookie: string,
  body: unknown,
  options: { key?: string; headers?: Record<string, string> } = {},
) {
  return sendJson(test, cookie, "POST", "/api/validations", body, options);
}

function expectRefusal(response: Awaited<ReturnType<typeof postReport>>, ...fragments: string[]) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json();
  expect(Object.keys(body)).toStrictEqual(["message"]);
  for (const fragment of fragments) expect(body.message).toContain(fragment);
}

describe("POST /api/validations", () => {
  it("stores the report as the user's latest", async () => {
    const user = await signedInUser(test);
    const report = {
      first_name: ["What is your first name?"],
      phone_mobile: ["Enter a valid phone number.", "Mobile phone is required."],
      gender_desc: [],
    };
    const response = await postReport(user.cookie, report);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toStrictEqual({ message: SAVED_MESSAGE });
    expect(await validationReport(test, user.userId)).toStrictEqual(report);
  });

  it("replaces the previous report; an empty map clears it", async () => {
    const user = await signedInUser(test);
    await postReport(user.cookie, { first_name: ["What is your first name?"] });
    await postReport(user.cookie, { last_name: ["What is your last name?"] });
    expect(await validationReport(test, user.userId)).toStrictEqual({
      last_name: ["What is your last name?"],
    });
    expect((await postReport(user.cookie, {})).statusCode).toBe(200);
    expect(await validationReport(test, user.userId)).toStrictEqual({});
  });

  it("keeps each user's report apart", async () => {
    const alice = await signedInUser(test);
    const bob = await signedInUser(test);
    await postReport(alice.cookie, { first_name: ["A"] });
    await postReport(bob.cookie, { city: ["B"] });
    expect(await validationReport(test, alice.userId)).toStrictEqual({ first_name: ["A"] });
    expect(await validationReport(test, bob.userId)).toStrictEqual({ city: ["B"] });
  });

  it("accepts the most messages per field, each of the longest length", async () => {
    const user = await signedInUser(test);
    const messages = Array.from({ length: MAX_MESSAGES_PER_FIELD }, () => "m".repeat(MAX_MESSAGE_LENGTH));
    const response = await postReport(user.cookie, { first_name: messages });
    expect(response.statusCode, response.body).toBe(200);
    expect((await validationReport(test, user.userId))?.first_name).toHaveLength(MAX_MESSAGES_PER_FIELD);
  });

  it("replays a repeated Idempotency-Key and refuses it for another report (422)", async () => {
    const user = await signedInUser(test);
    const key = idempotencyKey();
    const first = await postReport(user.cookie, { first_name: ["Required."] }, { key });
    const again = await postReport(user.cookie, { first_name: ["Required."] }, { key });
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toStrictEqual(first.json());
    expect((await postReport(user.cookie, { first_name: ["Other."] }, { key })).statusCode).toBe(422);
    expect(await validationReport(test, user.userId)).toStrictEqual({ first_name: ["Required."] });
    expect(await storedKeys(test, user.userId)).toStrictEqual({ [key]: 200 });
  });
});

describe("POST /api/validations: refusals keep the previous report", () => {
  const previous = { first_name: ["What is your first name?"] };

  it.each([
    ["an unknown key", { first_name: ["x"], shoe_size: ["y"] }, ["shoe_size"]],
    ["a string instead of a list", { first_name: "Required." }, ["first_name"]],
    ["a list with a non-string", { city: ["ok", 3] }, ["city"]],
    ["null messages", { city: null }, ["city"]],
    [
      "too many messages",
      { city: Array.from({ length: MAX_MESSAGES_PER_FIELD + 1 }, () => "x") },
      ["city", String(MAX_MESSAGES_PER_FIELD)],
    ],
    [
      "a message too long",
      { city: ["x".repeat(MAX_MESSAGE_LENGTH + 1)] },
      ["city", String(MAX_MESSAGE_LENGTH)],
    ],
  ])("refuses %s, naming the key", async (_label, body, fragments) => {
    const user = await signedInUser(test);
    await postReport(user.cookie, previous);
    expectRefusal(await postReport(user.cookie, body), ...fragments);
    expect(await validationReport(test, user.userId)).toStrictEqual(previous);
  });

  it.each([
    ["an array", [["first_name", ["x"]]]],
    ["a string", "first_name"],
    ["null", null],
  ])("refuses %s as the body", async (_label, body) => {
    const user = await signedInUser(test);
    expectRefusal(await postReport(user.cookie, body));
    expect(await validationReport(test, user.userId)).toBeNull();
  });

  it("answers 401 without a session", async () => {
    const response = await sendJson(test, "", "POST", "/api/validations", { first_name: ["x"] });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toStrictEqual({ message: UNAUTHORIZED_MESSAGE });
  });

  it.each([
    ["without the client header", { [CLIENT_HEADER]: "0" }],
    ["marked cross-site", { "sec-fetch-site": "cross-site" }],
  ])("answers 403 %s and stores nothing", async (_label, headers) => {
    const user = await signedInUser(test);
    const response = await postReport(user.cookie, { first_name: ["x"] }, { headers });
    expect(response.statusCode).toBe(403);
    expect(await validationReport(test, user.userId)).toBeNull();
  });
});
