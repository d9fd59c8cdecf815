import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Statement } from "../../server/db/database";
import { createTestApp, type TestApp } from "../helpers/test-app";

// The hand-written, named statements of the hot paths (server/db/database.ts, issue 15), on the
// database the suite runs on (PGlite, or PostgreSQL with DATABASE_URL, where they are prepared
// once per connection).

const INSERT_USER: Statement = {
  name: "test_statements_insert_user",
  text: "insert into users (username) values ($1::text) returning username",
};
const FIND_USER: Statement = {
  name: "test_statements_find_user",
  text: "select username from users where username = $1::text",
};

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test?.close();
});

const username = () => `statements-${randomUUID()}@example.edu`;

async function exists(name: string): Promise<boolean> {
  return (await test.database.statements.run(FIND_USER, [name])).length > 0;
}

describe("statements", () => {
  it("runs one named statement with other values each time", async () => {
    const names = [username(), username(), username()];
    for (const name of names) {
      expect(await test.database.statements.run(INSERT_USER, [name])).toStrictEqual([{ username: name }]);
    }
    for (const name of names) expect(await exists(name)).toBe(true);
    expect(await exists(username())).toBe(false);
  });

  it("commits a transaction's statements together", async () => {
    const [first, second] = [username(), username()];
    const result = await test.database.statements.transaction(async (run) => {
      await run(INSERT_USER, [first]);
      return run(INSERT_USER, [second]);
    });
    expect(result).toStrictEqual([{ username: second }]);
    expect(await exists(first)).toBe(true);
    expect(await exists(second)).toBe(true);
  });

  it("rolls back every statement when the work throws, and passes the error on", async () => {
    const name = username();
    const refusal = new Error("refused after the insert");
    await expect(
      test.database.statements.transaction(async (run) => {
        await run(INSERT_USER, [name]);
        expect(await run(FIND_USER, [name])).toHaveLength(1);
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(await exists(name)).toBe(false);
  });

  it("rolls back after a failed statement, and gives its connection back for the next transaction", async () => {
    const taken = username();
    await test.database.statements.run(INSERT_USER, [taken]);
    // More failed transactions than the PostgreSQL pool has connections (10): a connection kept
    // in an aborted transaction, or never given back, would make the last one fail or wait forever.
    for (let i = 0; i < 12; i++) {
      const name = username();
      await expect(
        test.database.statements.transaction(async (run) => {
          await run(INSERT_USER, [name]);
          await run(INSERT_USER, [taken]); // unique username: refused
        }),
      ).rejects.toThrow(/duplicate key|unique/i);
      expect(await exists(name)).toBe(false);
    }
    const after = username();
    await test.database.statements.transaction((run) => run(INSERT_USER, [after]));
    expect(await exists(after)).toBe(true);
  });
});
