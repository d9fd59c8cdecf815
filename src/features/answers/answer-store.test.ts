import { describe, expect, it } from "vitest";
import { AnswerStore } from "./answer-store";
import type { LocalDb } from "./local-db";
import { onThisThread } from "./on-this-thread";
import { ServerClock } from "./server-clock";
import { describeSyncStatus, getSyncStatus } from "./sync-status";
import { testDb } from "./test-db";

describe("the answer store", () => {
  it("shows the change at once and stores it on the device", async () => {
    const db = testDb();
    const store = new AnswerStore(() => db, new ServerClock(), onThisThread);
    const write = store.set("first_name", "Ada");
    expect(store.get("first_name")).toBe("Ada");
    await write;
    expect(await db.answers.get(["device", "first_name"])).toMatchObject({ value: "Ada" });
  });

  it("tells listeners of any change, and whether anything is answered", async () => {
    const store = new AnswerStore(() => testDb(), new ServerClock(), onThisThread);
    let changes = 0;
    store.subscribeAll(() => {
      changes += 1;
    });
    expect(store.hasAnyValue()).toBe(false);
    await store.set("first_name", "Ada");
    expect(store.hasAnyValue()).toBe(true);
    await store.set("first_name", "");
    expect(store.hasAnyValue()).toBe(false);
    expect(changes).toBe(2);
  });

  it("never reports saved when the device refused the write (storage full)", async () => {
    const full = {
      transaction: () =>
        Promise.reject(new DOMException("The quota has been exceeded.", "QuotaExceededError")),
    } as unknown as LocalDb;
    const store = new AnswerStore(() => full, new ServerClock(), onThisThread);
    await expect(store.set("first_name", "Ada")).rejects.toThrow("quota");
    expect(getSyncStatus().localError).toBe("this device's storage is full.");
    expect(describeSyncStatus(getSyncStatus())).toBe(
      "Not saved on this device: this device's storage is full.",
    );

    // The next successful write clears the warning.
    const db = testDb();
    const working = new AnswerStore(() => db, new ServerClock(), onThisThread);
    await working.set("first_name", "Ada");
    expect(getSyncStatus().localError).toBeNull();
  });

  it("stamps an edit after a newer value seen from another tab, even when its own clock lags", async () => {
    const db = testDb();
    const store = new AnswerStore(() => db, new ServerClock(() => 1_000), onThisThread);
    const fromOtherTab = { owner: "device", key: "last_name", value: "Alpha", editedAt: 5_000 };
    await db.answers.put(fromOtherTab);
    store.applyStored([fromOtherTab]);
    expect(store.get("last_name")).toBe("Alpha");
    await store.set("last_name", "Beta");
    expect(await db.answers.get(["device", "last_name"])).toMatchObject({ value: "Beta", editedAt: 5_001 });
  });

  it("keeps what was typed while the answers it is switched to were being read (same owner)", async () => {
    const db = testDb();
    const store = new AnswerStore(() => db, new ServerClock(), onThisThread);
    store.replaceAll("device", [{ owner: "device", key: "city", value: "Paris", editedAt: 1 }]);
    await store.set("first_name", "Ad");
    const mark = store.editMark();
    const read = [
      { owner: "device", key: "city", value: "Lyon", editedAt: 2 },
      { owner: "device", key: "first_name", value: "Ad", editedAt: 3 },
    ];
    const typing = store.set("first_name", "Ada");
    store.replaceAll("device", read, undefined, mark);
    expect(store.get("first_name")).toBe("Ada");
    expect(store.get("city")).toBe("Lyon");
    await typing;

    // Another owner's answers replace everything.
    store.replaceAll("ada@example.edu", [], undefined, store.editMark() - 1);
    expect(store.get("first_name")).toBe("");
  });
});
