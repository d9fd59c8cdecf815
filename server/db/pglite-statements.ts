import { type PGlite, parse, protocol } from "@electric-sql/pglite";
import type { RunStatement, Statement, StatementRunner } from "./database";

// The hot paths' statements on embedded PGlite (issue 33). PGlite's `query` speaks the extended
// protocol one message at a time: Parse, Describe, Bind, Describe, Execute and Sync are six calls
// into the database, each parsed back in JavaScript, and the statement is parsed and planned again
// on every run. Measured in-process (a filled application's GET /api/profile): 2.6 ms a run through
// `query`, of which `select 1` alone costs 0.6–0.7 ms. Here each Statement is prepared under its
// name once per database, as on PostgreSQL (database.ts `postgresStatements`), and each run is one
// call: Bind, Describe, Execute, Sync (with the Parse the first time).
//
// Every Statement casts each parameter (`$1::text`, …), so values are sent as text without asking
// the database their types first. A run at the top level takes PGlite's own locks as `query` does
// (never inside another caller's transaction); inside a transaction (the save's rare paths) the
// transaction's `query` is used as before.

const { serialize } = protocol;

/** A parameter as PostgreSQL's text input reads it (every Statement casts its parameters). */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

export function pgliteStatements(client: PGlite): StatementRunner {
  /** Statement names this database has prepared (its one connection lives as long as the client). */
  const prepared = new Set<string>();

  async function runPrepared<Row>(statement: Statement, values: readonly unknown[]): Promise<Row[]> {
    const parts: Uint8Array[] = [];
    if (!prepared.has(statement.name)) {
      parts.push(serialize.parse({ name: statement.name, text: statement.text }));
    }
    parts.push(
      serialize.bind({ statement: statement.name, values: values.map(asText) }),
      serialize.describe({ type: "P" }),
      serialize.execute({}),
      serialize.sync(),
    );
    // Errors are read from the messages, so that a Parse that succeeded before an error later in
    // the run (a raise in the statement's function) is still known to have prepared the name.
    const { messages } = await client.execProtocol(concat(parts), { throwOnError: false });
    if (messages.some((message) => message.name === "parseComplete")) prepared.add(statement.name);
    const failure = messages.find((message) => message.name === "error");
    if (failure) throw failure;
    return (parse.parseResults(messages, client.parsers)[0]?.rows ?? []) as Row[];
  }

  const run: RunStatement = (statement, values) =>
    client._runExclusiveTransaction(() => client._runExclusiveQuery(() => runPrepared(statement, values)));
  const runIn =
    (tx: Pick<PGlite, "query">): RunStatement =>
    async <Row extends Record<string, unknown>>(statement: Statement, values: readonly unknown[]) =>
      (await tx.query<Row>(statement.text, values as unknown[])).rows;
  return {
    run,
    transaction: (work) => client.transaction((tx) => work(runIn(tx))),
  };
}
