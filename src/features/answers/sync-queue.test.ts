import { beforeEach, describe, expect, it, vi } from "vitest";
import { LocalDb as Db, DEVICE_OWNER, type LocalDb } from "./local-db";
import {
  adoptDrafts,
  adoptSuperseded,
  completeBatch,
  lanesWithWork,
  openOwnerAnswers,
  pendingActionKeys,
  pendingCount,
  pendingKeys,
  queueSummary,
  recordAction,
  recordAnswer,
  refuseAnswers,
  refusedAnswers,
  restoreRefused,
  resyncBatch,
  splitBatch,
  takeBatch,
  unsentCount,
} from "./sync-queue";
import { testDb } from "./test-db";

const ADA = "ada@example.edu";
let db: LocalDb;
let clock = 1_000;

beforeEach(() => {
  db = testDb();
});

const answer = (key: string, value: string, owner = ADA, editedAt = ++clock) => ({
  owner,
  key,
  value,
  editedAt,
});

describe("the local answer store and queue", () => {
  it("stores every answer on the device, and queues it only for a signed-in owner", async () => {
    await recordAnswer(db, answer("first_name", "Ada", DEVICE_OWNER), false);
    await recordAnswer(db, answer("first_name", "Ada"), true);
    expect(await db.answers.get([DEVICE_OWNER, "first_name"])).toMatchObject({ value: "Ada" });
    expect(await pendingCount(db, DEVICE_OWNER)).toBe(0);
    expect(await pendingCount(db, ADA)).toBe(1);
  });

  it("never lets an older edit (e.g. from another tab) overwrite a newer one", async () => {
    await recordAnswer(db, answer("first_name", "Newer", ADA, 500), true);
    expect(await recordAnswer(db, answer("first_name", "Older", ADA, 400), true)).toBe(false);
    expect(await db.answers.get([ADA, "first_name"])).toMatchObject({ value: "Newer" });
    expect((await takeBatch(db, ADA))?.answers).toEqual({ first_name: "Newer" });
  });

  it("coalesces many edits of many fields into one batch holding each field's latest value and edit time", async () => {
    for (const value of ["A", "Ad", "Ada"]) await recordAnswer(db, answer("first_name", value), true);
    await recordAnswer(db, answer("last_name", "Lovelace", ADA, 9_999), true);
    expect(await pendingCount(db, ADA)).toBe(2);
    const batch = await takeBatch(db, ADA);
    expect(batch?.answers).toEqual({ first_name: "Ada", last_name: "Lovelace" });
    expect(batch?.editedAt.last_name).toBe(9_999);
    expect(batch?.seq).toBe(1);
  });

  it("resends an unconfirmed batch unchanged, and numbers the next batch after it", async () => {
    await recordAnswer(db, answer("first_name", "Ada"), true);
    const first = await takeBatch(db, ADA);
    // An edit made while the batch is in flight must not change what a retry sends.
    await recordAnswer(db, answer("first_name", "Augusta"), true);
    const retry = await takeBatch(db, ADA);
    expect(retry).toEqual(first);
    await completeBatch(db, retry?.batchId ?? "");
    const next = await takeBatch(db, ADA);
    expect(next?.answers).toEqual({ first_name: "Augusta" });
    expect(next?.batchId).not.toEqual(first?.batchId);
    expect(next?.seq).toBe(2);
  });

  it("sends other actions in lanes of their own, one at a time, the latest replacing a waiting one", async () => {
    await recordAction(db, ADA, "last-page", { last_page: "/about" });
    await recordAction(db, ADA, "last-page", { last_page: "/education" });
    await recordAnswer(db, answer("first_name", "Ada"), true);
    expect(await lanesWithWork(db, ADA)).toEqual(["answer", "last-page"]);
    // A batch under way in one lane holds back no other: each has its own.
    const page = await takeBatch(db, ADA, "last-page");
    expect(page).toMatchObject({ kind: "last-page", seq: null, payload: { last_page: "/education" } });
    expect(await takeBatch(db, ADA)).toMatchObject({
      kind: "answer",
      seq: 1,
      answers: { first_name: "Ada" },
    });
    // A retry in a lane is the very same request.
    expect((await takeBatch(db, ADA, "last-page"))?.batchId).toBe(page?.batchId);
    await completeBatch(db, page?.batchId ?? "");
    expect(await takeBatch(db, ADA, "last-page")).toBeNull();
  });

  it("keeps an action with its own key apart, so a later web status does not replace an earlier one", async () => {
    await recordAction(db, ADA, "web-status", { web_status: "started" }, "web-status:started");
    await recordAction(db, ADA, "web-status", { web_status: "validating" }, "web-status:validating");
    await recordAction(
      db,
      ADA,
      "add-another",
      { button_id: "college", num_components: 2 },
      "add-another:college",
    );
    await recordAction(
      db,
      ADA,
      "add-another",
      { button_id: "college", num_components: 3 },
      "add-another:college",
    );
    expect(await pendingActionKeys(db, ADA)).toEqual(
      new Set(["web-status:started", "web-status:validating", "add-another:college"]),
    );
    const sent: unknown[] = [];
    for (const lane of await lanesWithWork(db, ADA)) {
      const batch = await takeBatch(db, ADA, lane);
      sent.push(batch?.payload);
      await completeBatch(db, batch?.batchId ?? "");
    }
    expect(sent).toEqual([
      { web_status: "started" },
      { web_status: "validating" },
      { button_id: "college", num_components: 3 },
    ]);
  });

  it("keeps each owner's entries apart", async () => {
    await recordAnswer(db, answer("first_name", "Ada"), true);
    await recordAnswer(db, answer("first_name", "Grace", "grace@example.edu"), true);
    expect((await takeBatch(db, "grace@example.edu"))?.answers).toEqual({ first_name: "Grace" });
    expect((await takeBatch(db, ADA))?.answers).toEqual({ first_name: "Ada" });
    expect(await pendingKeys(db, ADA)).toEqual(new Set(["first_name"]));
  });

  it("has nothing to send when the queue is empty", async () => {
    expect(await takeBatch(db, ADA)).toBeNull();
  });

  it("on a sequence gap renumbers the open batch and adds every answer the device holds", async () => {
    await recordAnswer(db, answer("first_name", "Ada"), true);
    await completeBatch(db, (await takeBatch(db, ADA))?.batchId ?? "");
    await recordAnswer(db, answer("last_name", "Lovelace"), true);
    const batch = await takeBatch(db, ADA);
    expect(batch?.seq).toBe(2);
    await resyncBatch(db, batch ?? (null as never), 1);
    const resent = await takeBatch(db, ADA);
    expect(resent).toMatchObject({
      batchId: batch?.batchId,
      seq: 1,
      answers: { first_name: "Ada", last_name: "Lovelace" },
    });
  });

  it("survives closing and reopening the database (a reload)", async () => {
    await recordAnswer(db, answer("middle_name", "King"), true);
    db.close();
    const reopened = new Db(db.name);
    expect(await reopened.answers.get([ADA, "middle_name"])).toMatchObject({ value: "King" });
    expect(await pendingCount(reopened, ADA)).toBe(1);
    reopened.close();
    await db.open();
  });
});

describe("answers the server refused as invalid", () => {
  const TOO_LONG = "This answer is longer than 45 characters.";
  const take = async () => (await takeBatch(db, ADA)) ?? (null as never);

  it("are set aside, marked, and the rest goes again under a new key with the same number", async () => {
    await recordAnswer(db, answer("first_name", "Ada"), true);
    await recordAnswer(db, answer("last_name", "x".repeat(46)), true);
    await recordAnswer(db, answer("city", "London"), true);
    const refusedBatch = await take();
    await refuseAnswers(db, refusedBatch, { last_name: TOO_LONG });

    expect(await refusedAnswers(db, ADA)).toEqual([
      { key: "last_name", value: "x".repeat(46), reason: TOO_LONG },
    ]);
    expect(await pendingCount(db, ADA)).toBe(2);
    expect(await unsentCount(db, ADA)).toBe(3);
    const rest = await take();
    expect(rest).toMatchObject({ seq: 1, answers: { first_name: "Ada", city: "London" } });
    expect(rest.batchId).not.toBe(refusedBatch.batchId);

    // Once the rest is confirmed, the refused answer is not sent again: it waits for an edit.
    await completeBatch(db, rest.batchId);
    expect(await takeBatch(db, ADA)).toBeNull();
    expect(await pendingCount(db, ADA)).toBe(0);
    expect(await unsentCount(db, ADA)).toBe(1);
    expect(await pendingKeys(db, ADA)).toEqual(new Set(["last_name"]));
  });

  it("are sent again once edited, without the mark", async () => {
    await recordAnswer(db, answer("last_name", "x".repeat(46)), true);
    await refuseAnswers(db, await take(), { last_name: TOO_LONG });
    await recordAnswer(db, answer("last_name", "Lovelace"), true);
    expect(await refusedAnswers(db, ADA)).toEqual([]);
    expect(await take()).toMatchObject({ seq: 1, answers: { last_name: "Lovelace" } });
    expect(await unsentCount(db, ADA)).toBe(1);
  });

  it("give way to an edit made while the batch was under way", async () => {
    await recordAnswer(db, answer("last_name", "x".repeat(46)), true);
    const batch = await take();
    await recordAnswer(db, answer("last_name", "Lovelace"), true);
    await refuseAnswers(db, batch, { last_name: TOO_LONG });
    expect(await refusedAnswers(db, ADA)).toEqual([]);
    expect(await unsentCount(db, ADA)).toBe(1);
    expect(await take()).toMatchObject({ seq: 1, answers: { last_name: "Lovelace" } });
  });

  it("when the whole batch is refused, hand its number to the next batch", async () => {
    await recordAnswer(db, answer("first_name", "Ada"), true);
    await completeBatch(db, (await take()).batchId);
    await recordAnswer(db, answer("last_name", "x".repeat(46)), true);
    const refusedBatch = await take();
    expect(refusedBatch.seq).toBe(2);
    await refuseAnswers(db, refusedBatch, { last_name: TOO_LONG });
    expect(await takeBatch(db, ADA)).toBeNull();
    await recordAnswer(db, answer("city", "London"), true);
    expect(await take()).toMatchObject({ seq: 2, answers: { city: "London" } });
  });

  it("without reasons, a batch is halved: the first half goes again with the same number", async () => {
    for (const key of ["first_name", "middle_name", "last_name", "city", "zip"]) {
      await recordAnswer(db, answer(key, key), true);
    }
    const whole = await take();
    expect(await splitBatch(db, whole)).toBe(true);
    const firstHalf = await take();
    expect(Object.keys(firstHalf.answers)).toEqual(["first_name", "middle_name", "last_name"]);
    expect(firstHalf.seq).toBe(1);
    expect(firstHalf.batchId).not.toBe(whole.batchId);
    expect(await splitBatch(db, firstHalf)).toBe(true);
    const quarter = await take();
    expect(Object.keys(quarter.answers)).toEqual(["first_name", "middle_name"]);
    await completeBatch(db, quarter.batchId);
    // The half set aside last goes next (the refused answer must be in it), then the earlier one,
    // then answers edited meanwhile; each batch takes the next number.
    await recordAnswer(db, answer("gender", "F"), true);
    const sent: [number | null, string[]][] = [];
    for (let batch = await takeBatch(db, ADA); batch; batch = await takeBatch(db, ADA)) {
      sent.push([batch.seq, Object.keys(batch.answers)]);
      await completeBatch(db, batch.batchId);
    }
    expect(sent).toEqual([
      [2, ["last_name"]],
      [3, ["city", "zip"]],
      [4, ["gender"]],
    ]);
  });

  it("an answer set aside by a split and edited while it waits still goes with its half", async () => {
    for (const key of ["first_name", "middle_name", "last_name", "city"]) {
      await recordAnswer(db, answer(key, key), true);
    }
    expect(await splitBatch(db, await take())).toBe(true);
    const firstHalf = await take();
    await recordAnswer(db, answer("city", "London"), true);
    await recordAnswer(db, answer("gender", "F"), true);
    await completeBatch(db, firstHalf.batchId);
    expect((await take()).answers).toEqual({ last_name: "last_name", city: "London" });
  });

  it("cannot halve a single answer", async () => {
    await recordAnswer(db, answer("first_name", "Ada"), true);
    const batch = await take();
    expect(await splitBatch(db, batch)).toBe(false);
    expect(await take()).toEqual(batch);
  });

  it("a half set aside gives way to an edit made meanwhile", async () => {
    await recordAnswer(db, answer("first_name", "Ada"), true);
    await recordAnswer(db, answer("last_name", "Old"), true);
    const batch = await take();
    await recordAnswer(db, answer("last_name", "New"), true);
    await splitBatch(db, batch);
    await completeBatch(db, (await take()).batchId);
    expect((await take()).answers).toEqual({ last_name: "New" });
    expect(await unsentCount(db, ADA)).toBe(1);
  });

  it("are left out of a resync", async () => {
    await recordAnswer(db, answer("last_name", "x".repeat(46)), true);
    await refuseAnswers(db, await take(), { last_name: TOO_LONG });
    await recordAnswer(db, answer("first_name", "Ada"), true);
    const batch = await take();
    await resyncBatch(db, batch, 5);
    expect(await take()).toMatchObject({ seq: 5, answers: { first_name: "Ada" } });
  });

  it("can be undone: the field takes the server's value and nothing is sent", async () => {
    await recordAnswer(db, answer("last_name", "x".repeat(46)), true);
    await recordAnswer(db, answer("middle_name", "x".repeat(46)), true);
    await refuseAnswers(db, await take(), { last_name: TOO_LONG, middle_name: TOO_LONG });
    const restored = await restoreRefused(db, ADA, ["last_name", "middle_name", "city"], {
      last_name: "Lovelace",
    });
    expect(restored).toEqual(["last_name", "middle_name"]);
    expect(await db.answers.get([ADA, "last_name"])).toMatchObject({ value: "Lovelace" });
    expect(await db.answers.get([ADA, "middle_name"])).toMatchObject({ value: "" });
    expect(await unsentCount(db, ADA)).toBe(0);
  });

  it("are not undone once edited again", async () => {
    await recordAnswer(db, answer("last_name", "x".repeat(46)), true);
    await refuseAnswers(db, await take(), { last_name: TOO_LONG });
    await recordAnswer(db, answer("last_name", "Lovelace"), true);
    expect(await restoreRefused(db, ADA, ["last_name"], { last_name: "Byron" })).toEqual([]);
    expect(await db.answers.get([ADA, "last_name"])).toMatchObject({ value: "Lovelace" });
    expect((await take()).answers).toEqual({ last_name: "Lovelace" });
  });
});

describe("merging and adopting", () => {
  it("moves an anonymous draft into the account's queue and off the device owner", async () => {
    await recordAnswer(db, answer("first_name", "Ada", DEVICE_OWNER), false);
    await recordAnswer(db, answer("city", "London", DEVICE_OWNER), false);
    expect(await adoptDrafts(db, DEVICE_OWNER, ADA)).toBe(2);
    expect(await db.answers.where("owner").equals(DEVICE_OWNER).count()).toBe(0);
    expect((await takeBatch(db, ADA))?.answers).toEqual({ first_name: "Ada", city: "London" });
  });

  it("keeps a newer edit already waiting in the account over an older draft", async () => {
    await recordAnswer(db, answer("first_name", "Draft", DEVICE_OWNER, 100), false);
    await recordAnswer(db, answer("first_name", "Newer", ADA, 200), true);
    expect(await adoptDrafts(db, DEVICE_OWNER, ADA)).toBe(0);
    expect((await takeBatch(db, ADA))?.answers).toEqual({ first_name: "Newer" });
  });

  it("adopts the server's newer value unless the user has edited the field again", async () => {
    await recordAnswer(db, answer("first_name", "Mine"), true);
    await recordAnswer(db, answer("last_name", "Mine"), true);
    const batch = await takeBatch(db, ADA);
    await recordAnswer(db, answer("last_name", "Mine again"), true);
    await adoptSuperseded(db, batch ?? (null as never), { first_name: "Theirs", last_name: "Theirs" });
    expect(await db.answers.get([ADA, "first_name"])).toMatchObject({ value: "Theirs" });
    expect(await db.answers.get([ADA, "last_name"])).toMatchObject({ value: "Mine again" });
  });
});

describe("opening an owner's answers", () => {
  const TOO_LONG = "This answer is longer than 45 characters.";

  it("takes in the draft, then the server's values except fields still waiting, in one transaction", async () => {
    await db.answers.put({ owner: ADA, key: "city", value: "Paris", editedAt: 0 });
    await recordAnswer(db, answer("first_name", "Waiting"), true);
    await recordAnswer(db, answer("last_name", "Draft", DEVICE_OWNER), false);
    const transactions = vi.spyOn(db, "transaction");
    const opened = await openOwnerAnswers(db, ADA, {
      first_name: "Server",
      last_name: "Server",
      city: "London",
      school: "Reed",
    });
    expect(transactions).toHaveBeenCalledTimes(1);
    expect(opened.mergedDrafts).toBe(1);
    const values = Object.fromEntries(opened.rows.map((row) => [row.key, row.value]));
    // The waiting edit and the draft (now waiting too) keep the device's value; the rest the server's.
    expect(values).toEqual({ first_name: "Waiting", last_name: "Draft", city: "London", school: "Reed" });
    const stored = await db.answers.where("owner").equals(ADA).toArray();
    expect(Object.fromEntries(stored.map((row) => [row.key, row.value]))).toEqual(values);
    expect(await db.answers.where("owner").equals(DEVICE_OWNER).count()).toBe(0);
    expect(await pendingKeys(db, ADA)).toEqual(new Set(["first_name", "last_name"]));
  });

  it("gives the queue's summary and waiting actions as their own reads do", async () => {
    await recordAnswer(db, answer("first_name", "Ada"), true);
    await recordAnswer(db, answer("last_name", "x".repeat(50)), true);
    await refuseAnswers(db, (await takeBatch(db, ADA)) ?? (null as never), { last_name: TOO_LONG });
    await recordAnswer(db, answer("city", "London"), true);
    await recordAction(db, ADA, "web-status", { web_status: "started" }, "web-status:started");
    await recordAction(db, ADA, "tabs", { school_tab: "other" }, "tabs:school_tab");
    const opened = await openOwnerAnswers(db, ADA, null);
    const summary = await queueSummary(db, ADA);
    expect({ pending: opened.pending, refused: opened.refused }).toEqual(summary);
    expect(summary).toMatchObject({ pending: 4, refused: [{ key: "last_name", reason: TOO_LONG }] });
    expect(opened.pendingActions).toEqual(await pendingActionKeys(db, ADA));
    expect(opened.pendingActions).toEqual(new Set(["web-status:started", "tabs:school_tab"]));
  });

  it("opens the device's own draft without a queue", async () => {
    await recordAnswer(db, answer("first_name", "Ada", DEVICE_OWNER), false);
    const opened = await openOwnerAnswers(db, DEVICE_OWNER, null);
    expect(opened).toMatchObject({ mergedDrafts: 0, pending: 0, refused: [] });
    expect(opened.rows.map((row) => row.value)).toEqual(["Ada"]);
  });
});
