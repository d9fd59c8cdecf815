import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_EDIT_AHEAD_MS } from "../../server/services/answers";
import { NOT_TEXT_REFUSAL, UNKNOWN_QUESTION_REFUSAL } from "../../src/shared/answer-refusals";
import type { AnswerOutcome } from "../../src/shared/api-types";
import { putAnswers, storedAnswers } from "../helpers/api";
import { answerRevision, answerRows, clientId, sendBatch, storedKeys } from "../helpers/sync";
import { createTestApp, idempotencyKey, signedInUser, type TestApp } from "../helpers/test-app";

// Rules 2 and 3 of docs/decisions/0002-sync-protocol.md: per-field last writer wins by edit time.

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test?.close();
});

/** The server clock, in ms. */
const serverNow = () => test.app.clock().getTime();

function envelope(answers: Record<string, string>, editedAt?: Record<string, number>) {
  return editedAt === undefined ? { answers } : { answers, edited_at: editedAt };
}

async function save(cookie: string, body: unknown): Promise<AnswerOutcome> {
  const response = await putAnswers(test, cookie, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AnswerOutcome;
}

function expectRefusal(response: Awaited<ReturnType<typeof putAnswers>>, ...fragments: string[]) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json();
  expect(Object.keys(body)).toStrictEqual(["message"]);
  for (const fragment of fragments) expect(body.message).toContain(fragment);
}

describe("PUT /api/answer: edit times", () => {
  it("keeps the stored value against an older edit and names it in superseded with the server's value", async () => {
    const user = await signedInUser(test);
    const edited = serverNow() - 60_000;
    await save(user.cookie, envelope({ first_name: "Augusta" }, { first_name: edited }));

    const older = await save(user.cookie, envelope({ first_name: "Ada" }, { first_name: edited - 1 }));
    expect(older).toMatchObject({ message: "Your answers have been saved.", saved: 0 });
    expect(older.superseded).toStrictEqual({ first_name: "Augusta" });
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({ first_name: "Augusta" });
    expect(await answerRevision(test, user.userId)).toBe(1);
    expect((await answerRows(test, user.userId)).first_name).toStrictEqual({
      value: "Augusta",
      editedAt: edited,
      revision: 1,
    });
  });

  it("applies a newer edit and stores its edit time", async () => {
    const user = await signedInUser(test);
    const edited = serverNow() - 60_000;
    await save(user.cookie, envelope({ first_name: "Ada" }, { first_name: edited }));
    const newer = await save(user.cookie, envelope({ first_name: "Augusta" }, { first_name: edited + 1 }));
    expect(newer).toMatchObject({ saved: 1, superseded: {} });
    expect((await answerRows(test, user.userId)).first_name).toStrictEqual({
      value: "Augusta",
      editedAt: edited + 1,
      revision: 2,
    });
  });

  it("gives a tie to the later arrival", async () => {
    const user = await signedInUser(test);
    const edited = serverNow() - 1_000;
    await save(user.cookie, envelope({ city: "Paris" }, { city: edited }));
    const tie = await save(user.cookie, envelope({ city: "London" }, { city: edited }));
    expect(tie).toMatchObject({ saved: 1, superseded: {} });
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({ city: "London" });
  });

  it("decides per field within one batch", async () => {
    const user = await signedInUser(test);
    const edited = serverNow() - 60_000;
    await save(
      user.cookie,
      envelope({ first_name: "Ada", last_name: "Byron" }, { first_name: edited, last_name: edited }),
    );
    const mixed = await save(
      user.cookie,
      envelope(
        { first_name: "Eve", last_name: "Lovelace", city: "London" },
        { first_name: edited - 10, last_name: edited + 10, city: edited - 10 },
      ),
    );
    expect(mixed).toMatchObject({ saved: 2, superseded: { first_name: "Ada" } });
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({
      first_name: "Ada",
      last_name: "Lovelace",
      city: "London",
    });
    const rows = await answerRows(test, user.userId);
    expect(rows.first_name?.revision).toBe(1);
    expect(rows.last_name?.revision).toBe(2);
    expect(rows.city?.revision).toBe(2);
  });

  it("takes no revision for a batch whose every field was superseded", async () => {
    const user = await signedInUser(test);
    const edited = serverNow();
    await save(user.cookie, envelope({ first_name: "Ada" }, { first_name: edited }));
    await save(user.cookie, envelope({ first_name: "Eve" }, { first_name: edited - 5_000 }));
    expect(await answerRevision(test, user.userId)).toBe(1);
  });

  it("stamps a flat map with the server's time of the save", async () => {
    const user = await signedInUser(test);
    test.advanceClock(7_000);
    const before = serverNow();
    const flat = await save(user.cookie, { first_name: "Ada" });
    const after = serverNow();
    expect(flat).toMatchObject({ saved: 1, superseded: {} });
    const row = (await answerRows(test, user.userId)).first_name;
    expect(row?.editedAt).toBe(flat.server_time);
    expect(flat.server_time).toBe(Date.parse(flat.saved_at));
    // The server's time of the save, however long the save took.
    expect(flat.server_time).toBeGreaterThanOrEqual(before);
    expect(flat.server_time).toBeLessThanOrEqual(after);
  });

  it("stamps fields of an envelope sent without their edit time with the server's time", async () => {
    const user = await signedInUser(test);
    const edited = serverNow() - 60_000;
    const outcome = await save(
      user.cookie,
      envelope({ first_name: "Ada", city: "London" }, { first_name: edited }),
    );
    const rows = await answerRows(test, user.userId);
    expect(rows.first_name?.editedAt).toBe(edited);
    expect(rows.city?.editedAt).toBe(outcome.server_time);
    const noTimes = await save(user.cookie, envelope({ city: "Paris" }));
    expect(noTimes).toMatchObject({ saved: 1, superseded: {} });
    expect((await answerRows(test, user.userId)).city?.editedAt).toBe(noTimes.server_time);
  });

  it("lets an envelope edited before a flat-map save lose, and one edited after it win", async () => {
    const user = await signedInUser(test);
    const flat = await save(user.cookie, { first_name: "Server", last_name: "Server" });
    const outcome = await save(
      user.cookie,
      envelope(
        { first_name: "Offline", last_name: "Later" },
        { first_name: flat.server_time - 1, last_name: flat.server_time + 1 },
      ),
    );
    expect(outcome).toMatchObject({ saved: 1, superseded: { first_name: "Server" } });
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({
      first_name: "Server",
      last_name: "Later",
    });
  });

  it("lets a flat-map save lose against an edit stamped ahead of the server clock", async () => {
    const user = await signedInUser(test);
    const ahead = serverNow() + 60_000;
    await save(user.cookie, envelope({ first_name: "Ahead" }, { first_name: ahead }));
    const flat = await save(user.cookie, { first_name: "Now" });
    expect(flat).toMatchObject({ saved: 0, superseded: { first_name: "Ahead" } });
  });

  it("converges two devices on the newest edit whatever the arrival order", async () => {
    const user = await signedInUser(test);
    const laptop = clientId();
    const phone = clientId();
    const base = serverNow() - 3_600_000;
    // The phone was offline for an hour; its edit of city is older, its edit of zip newer.
    const laptopSave = await sendBatch(
      test,
      user.cookie,
      envelope({ city: "Laptop city", zip: "11111" }, { city: base + 2_000, zip: base + 1_000 }),
      { client: laptop, seq: 1 },
    );
    expect(laptopSave.json()).toMatchObject({ saved: 2, superseded: {} });
    const phoneSave = await sendBatch(
      test,
      user.cookie,
      envelope({ city: "Phone city", zip: "22222" }, { city: base + 1_500, zip: base + 1_500 }),
      { client: phone, seq: 1 },
    );
    expect(phoneSave.json()).toMatchObject({ saved: 1, superseded: { city: "Laptop city" } });
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({ city: "Laptop city", zip: "22222" });
  });

  it("replays a repeated envelope, and refuses its key with other edit times (422)", async () => {
    const user = await signedInUser(test);
    const key = idempotencyKey();
    const body = envelope({ first_name: "Ada" }, { first_name: serverNow() });
    const first = await putAnswers(test, user.cookie, body, { key });
    const again = await putAnswers(test, user.cookie, body, { key });
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toStrictEqual(first.json());
    const otherTime = await putAnswers(
      test,
      user.cookie,
      envelope({ first_name: "Ada" }, { first_name: serverNow() - 1_000 }),
      { key },
    );
    expect(otherTime.statusCode).toBe(422);
    expect(await answerRevision(test, user.userId)).toBe(1);
  });

  it("treats a flat map and an envelope without edit times as the same request", async () => {
    const user = await signedInUser(test);
    const key = idempotencyKey();
    await putAnswers(test, user.cookie, { first_name: "Ada" }, { key });
    const again = await putAnswers(test, user.cookie, envelope({ first_name: "Ada" }), { key });
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
  });
});

describe("PUT /api/answer: edit-time refusals store nothing", () => {
  it("accepts an edit time up to 5 minutes ahead of the server clock", async () => {
    const user = await signedInUser(test);
    const response = await putAnswers(
      test,
      user.cookie,
      envelope({ first_name: "Ada" }, { first_name: serverNow() + MAX_EDIT_AHEAD_MS - 2_000 }),
    );
    expect(response.statusCode, response.body).toBe(200);
  });

  it("refuses an edit time more than 5 minutes ahead, naming the key", async () => {
    const user = await signedInUser(test);
    const key = idempotencyKey();
    const response = await putAnswers(
      test,
      user.cookie,
      envelope(
        { first_name: "Ada", last_name: "Lovelace" },
        { first_name: serverNow(), last_name: serverNow() + MAX_EDIT_AHEAD_MS + 10_000 },
      ),
      { key },
    );
    expectRefusal(response, "last_name", "5 minutes");
    expect(response.json().message).not.toContain("first_name");
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({});
    expect(await storedKeys(test, user.userId)).toStrictEqual({});
  });

  it.each([
    ["a string", "1795240049549"],
    ["null", null],
    ["a fraction", 1795240049549.5],
    ["zero", 0],
    ["negative", -1],
    ["beyond the safe integers", 2 ** 60],
    ["an object", { at: 1 }],
    ["a boolean", true],
  ])("refuses an edit time that is %s, naming the key", async (_label, time) => {
    const user = await signedInUser(test);
    const response = await putAnswers(test, user.cookie, {
      answers: { first_name: "Ada", city: "London" },
      edited_at: { first_name: serverNow(), city: time },
    });
    expectRefusal(response, "city");
    expect(response.json().message).not.toContain("first_name");
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({});
  });

  it("refuses an edit time for a key not in answers, naming it", async () => {
    const user = await signedInUser(test);
    const response = await putAnswers(test, user.cookie, {
      answers: { first_name: "Ada" },
      edited_at: { first_name: serverNow(), last_name: serverNow() },
    });
    expectRefusal(response, "last_name", "not in answers");
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({});
  });

  it.each([
    ["an array", [1]],
    ["a number", 1795240049549],
    ["null", null],
    ["a string", "now"],
  ])("refuses edited_at that is %s", async (_label, editedAt) => {
    const user = await signedInUser(test);
    const response = await putAnswers(test, user.cookie, {
      answers: { first_name: "Ada" },
      edited_at: editedAt,
    });
    expectRefusal(response, "edited_at");
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({});
  });

  it("refuses an envelope with other fields, or without answers, or with bad answers", async () => {
    const user = await signedInUser(test);
    expectRefusal(
      await putAnswers(test, user.cookie, { answers: { first_name: "Ada" }, first_name: "Eve" }),
      "unexpected: first_name",
    );
    expectRefusal(await putAnswers(test, user.cookie, { edited_at: { first_name: serverNow() } }), "answers");
    const unknown = await putAnswers(test, user.cookie, { answers: { shoe_size: "7" } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toStrictEqual({ shoe_size: UNKNOWN_QUESTION_REFUSAL });
    const notText = await putAnswers(test, user.cookie, { answers: { first_name: 7 } });
    expect(notText.statusCode).toBe(400);
    expect(notText.json().fields).toStrictEqual({ first_name: NOT_TEXT_REFUSAL });
    expectRefusal(await putAnswers(test, user.cookie, { answers: ["Ada"] }));
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({});
  });
});
