import type { RunStatement, Statement, StatementRunner } from "../../server/db/database";
import { hashSessionToken } from "../../server/services/sessions";
import type { TestApp } from "./test-app";

// For the tests of the hot paths' statements (services/answer-save.ts, services/profile.ts): how
// many round trips a call takes, and a session's times set and read directly.

/** The app's statements, counting single statements and transactions. */
export function counting(test: TestApp): StatementRunner & { statements: number; transactions: number } {
  const inner = test.database.statements;
  const runner = {
    statements: 0,
    transactions: 0,
    run: ((statement, values) => {
      runner.statements++;
      return inner.run(statement, values);
    }) as RunStatement,
    transaction<T>(work: (run: RunStatement) => Promise<T>): Promise<T> {
      runner.transactions++;
      return inner.transaction(work);
    },
  };
  return runner;
}

const SET_LAST_SEEN: Statement = {
  name: "test_session_set_last_seen",
  text: "update sessions set last_seen_at = $2::timestamptz where id_hash = $1::text",
};
const EXPIRE_SESSION: Statement = {
  name: "test_session_expire",
  text: "update sessions set expires_at = now() - interval '1 second' where id_hash = $1::text",
};
const LAST_SEEN: Statement = {
  name: "test_session_last_seen",
  text: "select last_seen_at from sessions where id_hash = $1::text",
};

export function setLastSeen(test: TestApp, token: string, at: Date) {
  return test.database.statements.run(SET_LAST_SEEN, [hashSessionToken(token), at]);
}

/** Puts the session past its absolute expiry. */
export function expireSession(test: TestApp, token: string) {
  return test.database.statements.run(EXPIRE_SESSION, [hashSessionToken(token)]);
}

/** When the session was last active (ms), or null once it is gone. */
export async function lastSeen(test: TestApp, token: string): Promise<number | null> {
  const [row] = await test.database.statements.run<{ last_seen_at: Date | string }>(LAST_SEEN, [
    hashSessionToken(token),
  ]);
  return row ? new Date(row.last_seen_at).getTime() : null;
}
