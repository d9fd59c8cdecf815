import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idempotencyKeys } from "../../server/db/schema";
import { NOT_TEXT_REFUSAL, tooLongRefusal, UNKNOWN_QUESTION_REFUSAL } from "../../src/shared/answer-refusals";
import { CLIENT_HEADER, DEFAULT_TEXTAREA_MAX } from "../../src/shared/constants";
import { UNAUTHORIZED_MESSAGE } from "../../src/shared/messages";
import { clearsSessionCookies, logout, putAnswers, storedAnswers } from "../helpers/api";
import { createTestApp, idempotencyKey, signedInUser, type TestApp } from "../helpers/test-app";

const SAVED_MESSAGE = "Your answers have been saved.";

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test?.close();
});

/** Expects a 400 `{ message }` that contains every given fragment. */
function expectRefusal(response: Awaited<ReturnType<typeof putAnswers>>, ...fragments: string[]) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json();
  expect(Object.keys(body)).toStrictEqual(["message"]);
  expect(typeof body.message).toBe("string");
  for (const fragment of fragments) expect(body.message).toContain(fragment);
}

/** Expects a 400 `{ message, fields }` refusing exactly these fields, each named in the message. */
function expectFieldRefusal(
  response: Awaited<ReturnType<typeof putAnswers>>,
  fields: Record<string, string>,
) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json();
  expect(body).toStrictEqual({ message: expect.any(String), fields });
  for (const key of Object.keys(fields)) expect(body.message).toContain(key);
}

describe("PUT /api/answer: saving", () => {
  it("answers the saved count, an ISO saved_at, the server time and no superseded fields", async () => {
    const user = await signedInUser(test);
    const response = await putAnswers(test, user.cookie, { first_name: "Ada", last_name: "Lovelace" });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toStrictEqual({
      message: SAVED_MESSAGE,
      saved: 2,
      saved_at: expect.any(String),
      server_time: expect.any(Number),
      superseded: {},
    });
    expect(new Date(body.saved_at).toISOString()).toBe(body.saved_at);
    expect(body.server_time).toBe(new Date(body.saved_at).getTime());
    expect(response.headers["idempotent-replayed"]).toBeUndefined();
  });

  it("merges per field: two saves of different fields are both kept", async () => {
    const user = await signedInUser(test);
    expect((await putAnswers(test, user.cookie, { first_name: "Ada" })).statusCode).toBe(200);
    expect((await putAnswers(test, user.cookie, { city: "London", hs_name: "Home" })).statusCode).toBe(200);
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({
      first_name: "Ada",
      city: "London",
      hs_name: "Home",
    });
  });

  it("overwrites only the field saved again", async () => {
    const user = await signedInUser(test);
    await putAnswers(test, user.cookie, { first_name: "Ada", last_name: "Byron" });
    expect((await putAnswers(test, user.cookie, { last_name: "Lovelace" })).statusCode).toBe(200);
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({
      first_name: "Ada",
      last_name: "Lovelace",
    });
  });

  it("stores the empty string (a cleared answer) rather than dropping the field", async () => {
    const user = await signedInUser(test);
    await putAnswers(test, user.cookie, { gender: "F", gender_desc: "Female" });
    expect((await putAnswers(test, user.cookie, { gender: "", gender_desc: "" })).statusCode).toBe(200);
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({ gender: "", gender_desc: "" });
  });

  it("accepts the _desc companion of a known key, but only one level of it", async () => {
    const user = await signedInUser(test);
    const accepted = await putAnswers(test, user.cookie, { first_name_desc: "Ada", legal_agree: "true" });
    expect(accepted.statusCode).toBe(200);
    expectFieldRefusal(await putAnswers(test, user.cookie, { first_name_desc_desc: "x" }), {
      first_name_desc_desc: UNKNOWN_QUESTION_REFUSAL,
    });
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({
      first_name_desc: "Ada",
      legal_agree: "true",
    });
  });

  it("stores an answer of exactly its question's maximum length", async () => {
    const user = await signedInUser(test);
    const longest = "x".repeat(DEFAULT_TEXTAREA_MAX);
    expect((await putAnswers(test, user.cookie, { pending_charges_comment: longest })).statusCode).toBe(200);
    expect((await storedAnswers(test, user.cookie)).pending_charges_comment).toBe(longest);
  });

  it("answers 401 without a session", async () => {
    const response = await putAnswers(test, "", { first_name: "Ada" }, { headers: { [CLIENT_HEADER]: "1" } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toStrictEqual({ message: UNAUTHORIZED_MESSAGE });
  });

  it("answers 401, not a refusal, to a bad request from a session no longer active, and clears its cookies", async () => {
    // The save checks the session itself (issue 15), after the body: a signed-out client must
    // still hear first that it is signed out, not that its answers were refused.
    const user = await signedInUser(test);
    expect((await logout(test, user.cookie)).statusCode).toBe(200);
    for (const [body, headers] of [
      [{ no_such_question: "x" }, {}],
      [{ first_name: "Ada" }, { "idempotency-key": "" }],
    ] as const) {
      const response = await putAnswers(test, user.cookie, body, { headers });
      expect(response.statusCode, JSON.stringify(body)).toBe(401);
      expect(response.json()).toStrictEqual({ message: UNAUTHORIZED_MESSAGE });
      expect(clearsSessionCookies(response)).toBe(true);
    }
    // The same bad request from an active session is refused for what it is.
    const active = await signedInUser(test);
    expect((await putAnswers(test, active.cookie, { no_such_question: "x" })).statusCode).toBe(400);
  });
});

describe("PUT /api/answer: refusals store nothing", () => {
  it("refuses unknown keys, naming each, and keeps the valid fields of the same body out", async () => {
    const user = await signedInUser(test);
    const response = await putAnswers(test, user.cookie, {
      first_name: "Ada",
      favourite_colour: "blue",
      shoe_size: "7",
    });
    expectFieldRefusal(response, {
      favourite_colour: UNKNOWN_QUESTION_REFUSAL,
      shoe_size: UNKNOWN_QUESTION_REFUSAL,
    });
    expect(response.json().message).not.toContain("first_name");
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({});
  });

  it.each([
    ["a number", 42],
    ["null", null],
    ["an object", { nested: "x" }],
    ["an array", ["a"]],
    ["a boolean", true],
  ])("refuses %s as a value, naming the key", async (_label, value) => {
    const user = await signedInUser(test);
    const response = await putAnswers(test, user.cookie, { first_name: "Ada", last_name: value });
    expectFieldRefusal(response, { last_name: NOT_TEXT_REFUSAL });
    expect(response.json().message).not.toContain("first_name");
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({});
  });

  it("refuses a value over its question's length limit, naming the key", async () => {
    const user = await signedInUser(test);
    const response = await putAnswers(test, user.cookie, {
      first_name: "Ada",
      conviction_comment: "x".repeat(DEFAULT_TEXTAREA_MAX + 1),
    });
    expectFieldRefusal(response, { conviction_comment: tooLongRefusal(DEFAULT_TEXTAREA_MAX) });
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({});
  });

  it.each([
    ["an array", [{ first_name: "Ada" }]],
    ["a string", "Ada"],
    ["a number", 7],
    ["null", null],
  ])("refuses %s as the body", async (_label, body) => {
    const user = await signedInUser(test);
    expectRefusal(await putAnswers(test, user.cookie, body));
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({});
  });

  it("refuses a request without a body", async () => {
    const user = await signedInUser(test);
    const response = await test.app.inject({
      method: "PUT",
      url: "/api/answer",
      headers: { cookie: user.cookie, [CLIENT_HEADER]: "1", "idempotency-key": idempotencyKey() },
    });
    expectRefusal(response);
  });

  it("refuses a missing Idempotency-Key", async () => {
    const user = await signedInUser(test);
    expectRefusal(
      await putAnswers(test, user.cookie, { first_name: "Ada" }, { key: null }),
      "Idempotency-Key",
    );
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({});
  });

  it.each([
    ["too short", "abc1234"],
    ["too long", "k".repeat(129)],
    ["with a space", "has a space 123"],
    ["with a slash", "key/with/slash"],
    ["empty", ""],
  ])("refuses a malformed Idempotency-Key (%s)", async (_label, key) => {
    const user = await signedInUser(test);
    expectRefusal(await putAnswers(test, user.cookie, { first_name: "Ada" }, { key }), "Idempotency-Key");
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({});
  });

  it("refuses a __proto__ key with 400, not 500, and pollutes nothing", async () => {
    const user = await signedInUser(test);
    const raw = '{"__proto__": {"polluted": "yes"}, "first_name": "Ada"}';
    expectRefusal(await putAnswers(test, user.cookie, undefined, { raw }));
    expectRefusal(await putAnswers(test, user.cookie, undefined, { raw: '{"__proto__": "x"}' }));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({});
  });

  it("refuses constructor and prototype keys as unknown", async () => {
    const user = await signedInUser(test);
    for (const key of ["constructor", "prototype", "toString"]) {
      expectFieldRefusal(await putAnswers(test, user.cookie, { [key]: "x" }), {
        [key]: UNKNOWN_QUESTION_REFUSAL,
      });
    }
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({});
  });
});

describe("PUT /api/answer: idempotency", () => {
  it("replays a repeated key: same status and body, Idempotent-Replayed: true", async () => {
    const user = await signedInUser(test);
    const key = idempotencyKey();
    const first = await putAnswers(test, user.cookie, { first_name: "Ada" }, { key });
    expect(first.statusCode).toBe(200);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();

    // A re-applied save would carry a later saved_at.
    test.advanceClock(5_000);
    const again = await putAnswers(test, user.cookie, { first_name: "Ada" }, { key });
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toStrictEqual(first.json());
    expect(again.json().saved_at).toBe(first.json().saved_at);
  });

  it("does not apply a replayed save again", async () => {
    const user = await signedInUser(test);
    const keyA = idempotencyKey();
    expect((await putAnswers(test, user.cookie, { first_name: "A" }, { key: keyA })).statusCode).toBe(200);
    expect((await putAnswers(test, user.cookie, { first_name: "B" })).statusCode).toBe(200);

    const replay = await putAnswers(test, user.cookie, { first_name: "A" }, { key: keyA });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({ first_name: "B" });
  });

  it("replays the same content sent with its keys in another order", async () => {
    const user = await signedInUser(test);
    const key = idempotencyKey();
    const first = await putAnswers(test, user.cookie, { first_name: "Ada", city: "London" }, { key });
    const again = await putAnswers(test, user.cookie, { city: "London", first_name: "Ada" }, { key });
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toStrictEqual(first.json());
  });

  it("answers 422 for a reused key with a different body, and applies nothing", async () => {
    const user = await signedInUser(test);
    const key = idempotencyKey();
    expect((await putAnswers(test, user.cookie, { first_name: "Ada" }, { key })).statusCode).toBe(200);
    const reused = await putAnswers(test, user.cookie, { first_name: "Eve" }, { key });
    expect(reused.statusCode).toBe(422);
    expect(Object.keys(reused.json())).toStrictEqual(["message"]);
    expect(reused.json().message).toContain("Idempotency-Key");
    const otherField = await putAnswers(test, user.cookie, { last_name: "Lovelace" }, { key });
    expect(otherField.statusCode).toBe(422);
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({ first_name: "Ada" });
  });

  it("does not hold a key for a refused request: it can be used once the body is fixed", async () => {
    const user = await signedInUser(test);
    const key = idempotencyKey();
    expectFieldRefusal(await putAnswers(test, user.cookie, { first_name: 1 }, { key }), {
      first_name: NOT_TEXT_REFUSAL,
    });
    const fixed = await putAnswers(test, user.cookie, { first_name: "Ada" }, { key });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.headers["idempotent-replayed"]).toBeUndefined();
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({ first_name: "Ada" });
  });

  it("scopes keys to the user: another user's same key is applied, not replayed", async () => {
    const alice = await signedInUser(test);
    const bob = await signedInUser(test);
    const key = idempotencyKey();
    const aliceSave = await putAnswers(test, alice.cookie, { first_name: "Alice" }, { key });
    test.advanceClock(1_000);
    const bobSave = await putAnswers(test, bob.cookie, { first_name: "Alice" }, { key });
    expect(bobSave.statusCode).toBe(200);
    expect(bobSave.headers["idempotent-replayed"]).toBeUndefined();
    expect(bobSave.json().saved_at).not.toBe(aliceSave.json().saved_at);
    expect(await storedAnswers(test, bob.cookie)).toStrictEqual({ first_name: "Alice" });
  });

  it("applies concurrent duplicates once: all 200 with identical bodies", async () => {
    const user = await signedInUser(test);
    const key = idempotencyKey();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        putAnswers(test, user.cookie, { first_name: "Ada", city: "Paris" }, { key }),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const bodies = responses.map((response) => response.json());
    for (const body of bodies) expect(body).toStrictEqual(bodies[0]);
    expect(bodies[0]).toMatchObject({ message: SAVED_MESSAGE, saved: 2 });
    const applied = responses.filter((response) => response.headers["idempotent-replayed"] === undefined);
    expect(applied).toHaveLength(1);

    const rows = await test.database.db
      .select({ statusCode: idempotencyKeys.statusCode })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, user.userId), eq(idempotencyKeys.key, key)));
    expect(rows).toStrictEqual([{ statusCode: 200 }]);
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({ first_name: "Ada", city: "Paris" });
  });
});
