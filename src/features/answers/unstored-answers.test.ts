// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { AnswerStore } from "./answer-store";
import { onThisThread } from "./on-this-thread";
import { ServerClock } from "./server-clock";
import { testDb } from "./test-db";
import { heldAnswers, holdUnstored, releaseStored } from "./unstored-answers";

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
    const holding = { keep: holdUnstored, stored: releaseStored };
    const store = new AnswerStore(() => db, new ServerClock(), onThisThread, holding);
    store.replaceAll("device", [answer("last_name", "Newer", 50)]);
    holdUnstored(answer("first_name", "Dorothy", 10));
    holdUnstored(answer("last_name", "Older", 20));

    store.storeHeld(heldAnswers("device"));
    expect(store.get("first_name")).toBe("Dorothy");
    expect(store.get("last_name")).toBe("Newer");
    await store.whenStored();
    expect(await db.answers.get(["device", "first_name"])).toMatchObject({ value: "Dorothy", editedAt: 10 });
    // Nothing is held any more: the first name is stored, the older last name overtaken.
    expect(heldAnswers("device")).toEqual([]);
  });
});
