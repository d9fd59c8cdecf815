import { describe, expect, it } from "vitest";
import { readStoredAnswers } from "./first-read";
import { DEVICE_OWNER, LocalDb } from "./local-db";

let n = 0;
const freshName = () => `first-read-${process.pid}-${n++}`;

describe("the first screen's read of the stored answers (no Dexie)", () => {
  it("finds nothing on a device with no database yet, and leaves none behind for Dexie to trip on", async () => {
    const name = freshName();
    expect(await readStoredAnswers(DEVICE_OWNER, name)).toEqual([]);
    expect((await indexedDB.databases()).map((db) => db.name)).not.toContain(name);
    const db = new LocalDb(name);
    await db.answers.put({ owner: DEVICE_OWNER, key: "first_name", value: "Ada", editedAt: 1 });
    expect(await db.answers.count()).toBe(1);
    await db.delete();
  });

  it("reads one owner's answers, as Dexie stored them, and lets Dexie open the database after it", async () => {
    const name = freshName();
    const db = new LocalDb(name);
    await db.answers.bulkPut([
      { owner: DEVICE_OWNER, key: "first_name", value: "Ada", editedAt: 5 },
      { owner: DEVICE_OWNER, key: "last_name", value: "Lovelace", editedAt: 6 },
      { owner: "grace@example.edu", key: "first_name", value: "Grace", editedAt: 7 },
    ]);
    db.close();

    const stored = await readStoredAnswers(DEVICE_OWNER, name);
    expect(stored.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { owner: DEVICE_OWNER, key: "first_name", value: "Ada", editedAt: 5 },
      { owner: DEVICE_OWNER, key: "last_name", value: "Lovelace", editedAt: 6 },
    ]);
    // The read's connection is closed: Dexie opens (and could upgrade) without being blocked.
    await db.open();
    expect(await db.answers.where("owner").equals("grace@example.edu").count()).toBe(1);
    await db.delete();
  });
});
