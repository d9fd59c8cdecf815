// PUT /api/answer bounds every answer on save as the form does on submit: a value longer than its
// question's limit, or a key the application does not have, is refused with 400
// `{ message, fields }` naming each field, and nothing of the request is stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FormPage } from "../../src/form/catalogue-types";
import { SHORT_ANSWER_MAX } from "../../src/form/engine/answer-limits";
import { NOT_TEXT_REFUSAL, tooLongRefusal, UNKNOWN_QUESTION_REFUSAL } from "../../src/shared/answer-refusals";
import { putAnswers, storedAnswers } from "../helpers/api";
import { clientId, lastSeq, sendBatch, storedKeys } from "../helpers/sync";
import { createTestApp, idempotencyKey, signedInUser, type TestApp } from "../helpers/test-app";

/** A catalogue with a text area that sets no limit of its own (the real ones all say 7,000). */
const plainTextarea: readonly FormPage[] = [
  {
    id: "about",
    title: "About You",
    intro: "",
    sections: [
      {
        id: "story",
        title: "Your story",
        questions: [
          { kind: "textarea", key: "hear_about_us_other", label: "Tell us more" },
          { kind: "text", key: "first_name", label: "Legal First Name", maxLength: 20 },
        ],
      },
    ],
  },
];

let test: TestApp;
let custom: TestApp;
beforeAll(async () => {
  [test, custom] = await Promise.all([createTestApp(), createTestApp({ catalogue: plainTextarea })]);
});
afterAll(async () => {
  await Promise.all([test?.close(), custom?.close()]);
});

function expectFields(response: Awaited<ReturnType<typeof putAnswers>>, fields: Record<string, string>) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toStrictEqual({ message: expect.any(String), fields });
}

describe("PUT /api/answer: lengths bounded on save", () => {
  it.each([
    ["a text answer (default 45)", "first_name", 45],
    ["a text answer with its own limit (ZIP)", "zip", 10],
    ["a repeated block's text answer (college 3's street)", "college_3_address_line_1", 100],
    ["a conduct explanation (a comment: the text-area default 1,500)", "conviction_comment", 1500],
    ["a school's name from the lookup (autocomplete)", "hs_name", SHORT_ANSWER_MAX],
    ["a coded answer", "gender", SHORT_ANSWER_MAX],
    ["a _desc companion (an option's label)", "gender_desc", SHORT_ANSWER_MAX],
    ["a date", "birth_date", SHORT_ANSWER_MAX],
  ])("stores %s at its limit and refuses one character more", async (_label, key, limit) => {
    const user = await signedInUser(test);
    expectFields(await putAnswers(test, user.cookie, { [key]: "x".repeat(limit + 1) }), {
      [key]: tooLongRefusal(limit),
    });
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({});
    expect((await putAnswers(test, user.cookie, { [key]: "x".repeat(limit) })).statusCode).toBe(200);
    expect((await storedAnswers(test, user.cookie))[key]).toHaveLength(limit);
  });

  it("says the limit in a sentence an applicant understands", () => {
    expect(tooLongRefusal(45)).toBe("This answer is longer than 45 characters.");
  });

  it("takes the limits from the catalogue the server runs with: a text area's default is 1,500", async () => {
    const user = await signedInUser(custom);
    expectFields(
      await putAnswers(custom, user.cookie, {
        hear_about_us_other: "x".repeat(1501),
        first_name: "x".repeat(21),
      }),
      { hear_about_us_other: tooLongRefusal(1500), first_name: tooLongRefusal(20) },
    );
    const fits = { hear_about_us_other: "x".repeat(1500), first_name: "x".repeat(20) };
    expect((await putAnswers(custom, user.cookie, fits)).statusCode).toBe(200);
  });

  it("names every refused field at once, in the flat map and in the envelope", async () => {
    const user = await signedInUser(test);
    const answers = {
      first_name: "Ada",
      last_name: "x".repeat(46),
      shoe_size: "7",
      city: 5,
    };
    const fields = {
      last_name: tooLongRefusal(45),
      shoe_size: UNKNOWN_QUESTION_REFUSAL,
      city: NOT_TEXT_REFUSAL,
    };
    const flat = await putAnswers(test, user.cookie, answers);
    expectFields(flat, fields);
    for (const key of Object.keys(fields)) expect(flat.json().message).toContain(key);
    expect(flat.json().message).not.toContain("first_name");
    expectFields(
      await putAnswers(test, user.cookie, { answers, edited_at: { first_name: Date.now() } }),
      fields,
    );
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({});
  });

  it("leaves the refused request's idempotency key and sequence number unused", async () => {
    const user = await signedInUser(test);
    const client = clientId();
    const key = idempotencyKey();
    const refused = await sendBatch(
      test,
      user.cookie,
      { answers: { first_name: "Ada", last_name: "x".repeat(46) } },
      { key, client, seq: 1 },
    );
    expectFields(refused, { last_name: tooLongRefusal(45) });
    expect(await storedKeys(test, user.userId)).toStrictEqual({});
    expect(await lastSeq(test, user.userId, client)).toBeNull();

    // The client sends the rest again with the same number (a new key in practice; even this one is free).
    const rest = await sendBatch(
      test,
      user.cookie,
      { answers: { first_name: "Ada" } },
      { key, client, seq: 1 },
    );
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.headers["idempotent-replayed"]).toBeUndefined();
    expect(await lastSeq(test, user.userId, client)).toBe(1);
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({ first_name: "Ada" });
  });

  it("keeps the body size limit: a body over 1 MiB is refused with 413 and stores nothing", async () => {
    const user = await signedInUser(test);
    const response = await putAnswers(test, user.cookie, { conviction_comment: "x".repeat(1024 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toStrictEqual({ message: expect.any(String) });
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({});
  });
});
