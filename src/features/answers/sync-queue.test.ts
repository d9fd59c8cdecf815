import { beforeEach, describe, expect, it } from "vitest";
import { LocalDb as Db, DEVICE_OWNER, type LocalDb } from "./local-db";
import {
  adoptDrafts,
  adoptSuperseded,
  completeBatch,
  pendingActionKeys,
  pendingCount,
  pendingKeys,
  recordAction,
  recordAnswer,
  resyncBatch,
  takeBatch,
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

  it("sends other actions in their turn, one at a time, the latest replacing a waiting one", async () => {
    await recordAction(db, ADA, "last-page", { last_page: "/about" });
    await recordAction(db, ADA, "last-page", { last_page: "/education" });
    await recordAnswer(db, answer("first_name", "Ada"), true);
    const page = await takeBatch(db, ADA);
    expect(page).toMatchObject({ kind: "last-page", seq: null, payload: { last_page: "/education" } });
    await completeBatch(db, page?.batchId ?? "");
    expect(await takeBatch(db, ADA)).toMatchObject({
      kind: "answer",
      seq: 1,
      answers: { first_name: "Ada" },
    });
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
    for (let batch = await takeBatch(db, ADA); batch; batch = await takeBatch(db, ADA)) {
      sent.push(batch.payload);
      await completeBatch(db, batch.batchId);
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
