import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Statement } from "./database";
import { pgliteStatements } from "./pglite-statements";

// The hot paths' statements on PGlite (issue 33): prepared once under their name, each run one call
// into the database, with the same rows, types and errors as PGlite's own `query`.

let client: PGlite;

beforeAll(async () => {
  client = await PGlite.create();
  await client.exec(`
    create table notes (id serial primary key, body jsonb not null, at timestamptz not null, n bigint);
    create function note_or_raise(p_body jsonb) returns jsonb language plpgsql as $$
    begin
      if p_body ? 'refuse' then raise exception 'refused' using errcode = 'AS001'; end if;
      return p_body;
    end $$;`);
});

afterAll(async () => {
  await client.close();
});

const INSERT: Statement = {
  name: "notes_insert",
  text: "insert into notes (body, at, n) values ($1::jsonb, $2::timestamptz, $3::bigint) returning *",
};
const RAISE: Statement = { name: "notes_raise", text: "select note_or_raise($1::jsonb) as body" };
const COUNT: Statement = { name: "notes_count", text: "select count(*)::int as count from notes" };

/** The first message of each call into the database: P(arse) or B(ind). */
function firstMessages() {
  const spy = vi.spyOn(client, "execProtocol");
  return {
    kinds: () => spy.mock.calls.map(([message]) => String.fromCharCode(message[0] as number)),
    restore: () => spy.mockRestore(),
  };
}

describe("PGlite's statements", () => {
  it("prepares a statement once, runs it in one call, and reads rows as query() does", async () => {
    const statements = pgliteStatements(client);
    const calls = firstMessages();
    const at = new Date("2026-11-28T08:00:00.123Z");
    const first = await statements.run(INSERT, [JSON.stringify({ a: "ü\"'" }), at, 12]);
    const second = await statements.run(INSERT, [JSON.stringify({ b: [1, 2] }), at, null]);
    expect(calls.kinds()).toEqual(["P", "B"]);
    calls.restore();
    expect(first).toEqual([{ id: 1, body: { a: "ü\"'" }, at, n: 12 }]);
    expect(second).toEqual([{ id: 2, body: { b: [1, 2] }, at, n: null }]);
    expect(second).toEqual((await client.query("select * from notes where id = 2")).rows);
  });

  it("throws the database's error with its SQLSTATE, and runs the statement again afterwards", async () => {
    const statements = pgliteStatements(client);
    // The Parse succeeded before the raise: the name is prepared, and is not parsed again.
    await expect(statements.run(RAISE, ['{"refuse": true}'])).rejects.toMatchObject({ code: "AS001" });
    const calls = firstMessages();
    expect(await statements.run(RAISE, ['{"ok": 1}'])).toEqual([{ body: { ok: 1 } }]);
    expect(calls.kinds()).toEqual(["B"]);
    calls.restore();
    // A statement that could not be parsed is parsed again at its next run.
    const later: Statement = { name: "later_table", text: "select count(*)::int as count from later" };
    await expect(statements.run(later, [])).rejects.toMatchObject({ code: "42P01" });
    await client.exec("create table later (id int)");
    expect(await statements.run(later, [])).toEqual([{ count: 0 }]);
  });

  it("never runs inside another caller's transaction: it waits for it to end", async () => {
    const statements = pgliteStatements(client);
    const before = (await statements.run<{ count: number }>(COUNT, []))[0]?.count;
    let counted: Promise<{ count: number }[]> | undefined;
    await expect(
      statements.transaction(async (run) => {
        await run(INSERT, ["{}", new Date(), 1]);
        // Asked while the transaction holds its row: run after it, so it sees the rollback.
        counted = statements.run<{ count: number }>(COUNT, []);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await counted).toEqual([{ count: before }]);
  });
});
