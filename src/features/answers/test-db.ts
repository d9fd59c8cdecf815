import { afterEach } from "vitest";
import { LocalDb } from "./local-db";

let n = 0;
const open: LocalDb[] = [];

/** A fresh, uniquely named database (fake-indexeddb), deleted after the test. */
export function testDb(): LocalDb {
  const db = new LocalDb(`test-${process.pid}-${n++}`);
  open.push(db);
  return db;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.delete()));
});
