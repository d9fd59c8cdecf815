import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LocalDb } from "./local-db";
import { completeBatch, pendingCount, pendingKeys, recordAnswer, takeBatch } from "./sync-queue";

let db: LocalDb;
let n = 0;

beforeEach(() => {
  db = new LocalDb(`sync-queue-test-${n++}`);
});

afterEach(async () => {
  await db.delete();
});

const answer = (key: string, value: string, owner = "ada@example.edu") => ({
  owner,
  key,
  value,
  editedAt: Date.now(),
});

describe("the local answer store and queue", () => {
  it("stores every answer on the device, and queues it only for a signed-in owner", async () => {
    await recordAnswer(db, answer("first_name", "Ada", "device"), false);
    await recordAnswer(db, answer("first_name", "Ada"), true);
    expect(await db.answers.get(["device", "first_name"])).toMatchObject({ value: "Ada" });
    expect(await pendingCount(db, "device")).toBe(0);
    expect(await pendingCount(db, "ada@example.edu")).toBe(1);
  });

  it("coalesces many edits of many fields into one batch holding each field's latest value", async () => {
    for (const value of ["A", "Ad", "Ada"]) await recordAnswer(db, answer("first_name", value), true);
    for (const value of ["L", "Lovelace"]) await recordAnswer(db, answer("last_name", value), true);
    expect(await pendingCount(db, "ada@example.edu")).toBe(2);
    const batch = await takeBatch(db, "ada@example.edu");
    expect(batch?.answers).toEqual({ first_name: "Ada", last_name: "Lovelace" });
  });

  it("resends an unconfirmed batch unchanged, with the same idempotency key", async () => {
    await recordAnswer(db, answer("first_name", "Ada"), true);
    const first = await takeBatch(db, "ada@example.edu");
    // An edit made while the batch is in flight must not change what a retry sends.
    await recordAnswer(db, answer("first_name", "Augusta"), true);
    const retry = await takeBatch(db, "ada@example.edu");
    expect(retry).toEqual(first);
    await completeBatch(db, retry?.batchId ?? "");
    const next = await takeBatch(db, "ada@example.edu");
    expect(next?.answers).toEqual({ first_name: "Augusta" });
    expect(next?.batchId).not.toEqual(first?.batchId);
  });

  it("keeps each owner's entries apart", async () => {
    await recordAnswer(db, answer("first_name", "Ada"), true);
    await recordAnswer(db, answer("first_name", "Grace", "grace@example.edu"), true);
    expect((await takeBatch(db, "grace@example.edu"))?.answers).toEqual({ first_name: "Grace" });
    expect((await takeBatch(db, "ada@example.edu"))?.answers).toEqual({ first_name: "Ada" });
    expect(await pendingKeys(db, "ada@example.edu")).toEqual(new Set(["first_name"]));
  });

  it("has nothing to send when the queue is empty", async () => {
    expect(await takeBatch(db, "ada@example.edu")).toBeNull();
  });

  it("survives closing and reopening the database (a reload)", async () => {
    await recordAnswer(db, answer("middle_name", "King"), true);
    db.close();
    const reopened = new LocalDb(db.name);
    expect(await reopened.answers.get(["ada@example.edu", "middle_name"])).toMatchObject({ value: "King" });
    expect(await pendingCount(reopened, "ada@example.edu")).toBe(1);
    reopened.close();
    await db.open();
  });
});
