// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { AnswerStore } from "./answer-store";
import { onThisThread } from "./on-this-thread";
import { ServerClock } from "./server-clock";
import { SyncClient } from "./sync-client";
import { testDb } from "./test-db";
import { heldAnswers, holdUnstored, releaseStored } from "./unstored-answers";

const ADA = "ada@example.edu";
const answer = (key: string, value: string, editedAt: number) => ({ owner: "device", key, value, editedAt });

afterEach(() => window.localStorage.clear());

describe("changes kept until the database has them", () => {
  it("keeps the newest change of a field until one as new is stored", () => {
    holdUnstored(answer("first_name", "Dor", 1));
    holdUnstored(answer("first_name", "Dorothy", 2));
    holdUnstored(answer("first_name", "stale", 1));
    holdUnstored({ ...answer("first_name", "Grace", 9), owner: "grace@example.edu" });
    expect(heldAnswers("device")).toEqual([answer("first_name", "Dorothy", 2)]);

    releaseStored(answer("first_name", "Dor", 1));
    expect(heldAnswers("device")).toEqual([answer("first_name", "Dorothy", 2)]);
    releaseStored(answer("first_name", "Dorothy", 2));
    expect(heldAnswers("device")).toEqual([]);
    expect(heldAnswers("grace@example.edu")).toHaveLength(1);
  });

  it("a store stores what an earlier page held, unless it has a newer edit of the field", async () => {
    const db = testDb();
    const holding = { keep: holdUnstored, stored: releaseStored, held: heldAnswers };
    const store = new AnswerStore(() => db, new ServerClock(), onThisThread, holding);
    store.replaceAll("device", [answer("last_name", "Newer", 50)]);
    holdUnstored(answer("first_name", "Dorothy", 10));
    holdUnstored(answer("last_name", "Older", 20));

    store.storeHeld();
    expect(store.get("first_name")).toBe("Dorothy");
    expect(store.get("last_name")).toBe("Newer");
    await store.whenStored();
    expect(await db.answers.get(["device", "first_name"])).toMatchObject({ value: "Dorothy", editedAt: 10 });
    // Nothing is held any more: the first name is stored, the older last name overtaken.
    expect(heldAnswers("device")).toEqual([]);
  });

  it("an open stores what was held, the device draft's and the owner's, before it reads", async () => {
    const db = testDb();
    const clock = new ServerClock();
    const holding = { keep: holdUnstored, stored: releaseStored, held: heldAnswers };
    const store = new AnswerStore(() => db, clock, onThisThread, holding);
    const saved = async () => ({
      message: "saved",
      saved: 1,
      saved_at: "",
      server_time: Date.now(),
      superseded: {},
    });
    const client = new SyncClient(
      () => db,
      async () => saved,
      { debounceMs: 1e9 },
      clock,
      undefined,
      store,
    );
    holdUnstored(answer("city", "Lyon", 10));
    holdUnstored({ ...answer("first_name", "Ada", 11), owner: ADA });

    await client.open(ADA, null);
    // The visitor's draft joined the account, and Ada's own change is queued for the server.
    expect(store.get("city")).toBe("Lyon");
    expect(store.get("first_name")).toBe("Ada");
    const queued = await db.queue.where("owner").equals(ADA).toArray();
    expect(queued.map((entry) => entry.key).sort()).toEqual(["city", "first_name"]);
    expect([...heldAnswers("device"), ...heldAnswers(ADA)]).toEqual([]);
    await client.flush();
    client.close();
  });
});
