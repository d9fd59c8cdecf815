import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { acquireDataDirLock, type DataDirLock } from "./data-dir-lock";
import { pgliteStatements } from "./pglite-statements";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Plain SQL on the same database, for libraries that bring their own statements (the job queue):
 * several statements at once when there are no values, one parameterised statement otherwise.
 */
export type SqlExecutor = {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
};

/**
 * A hand-written statement of a hot path (issue 15): on PostgreSQL it is prepared under its name
 * once per connection, so later runs skip parsing and planning; no query builder runs per request.
 * `name` must be unique per `text`.
 */
export type Statement = { readonly name: string; readonly text: string };
export type RunStatement = <Row extends Record<string, unknown>>(
  statement: Statement,
  values: readonly unknown[],
) => Promise<Row[]>;

/** Runs Statements, alone or in one transaction (rolled back when `work` throws). */
export type StatementRunner = {
  run: RunStatement;
  transaction<T>(work: (run: RunStatement) => Promise<T>): Promise<T>;
};

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  sql: SqlExecutor;
  statements: StatementRunner;
  /** PGlite in a directory: the lock this process holds on DATA_DIR while the database is open. */
  dataDirLock?: DataDirLock;
  /** PostgreSQL: the pool's connections now, and the queries waiting for one (the peak bench reads it). */
  poolStats?(): PoolStats;
  /** PGlite in memory: its files as one dump, another in-memory database's `startFrom`. */
  dumpFiles?(): Promise<Blob>;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export type PoolStats = { total: number; idle: number; waiting: number };

export type DatabaseOptions =
  /**
   * PostgreSQL: the deployment at scale (several API processes may share it). `onConnectionError`
   * hears of a pooled connection the server dropped while it was idle (a restart, a failover, an
   * administrator's kill); the pool replaces it at the next query.
   */
  | { url: string; onConnectionError?: (error: Error) => void }
  /**
   * Embedded PGlite: files in dataDir, or in memory when dataDir is omitted (tests). A directory is
   * locked for this process while open (DataDirLockedError otherwise); `holder` says who holds it
   * in the refusal another opener gets (default: the script's name). In memory, `startFrom` is a
   * dump of a database's files (PGlite's dumpDataDir) to begin from instead of an empty cluster:
   * PGlite's initdb takes seconds, loading a dump of one already made and migrated a fraction.
   */
  | { dataDir?: string; holder?: string; startFrom?: Blob };

// Beside this module in the source tree, and copied beside the bundle by scripts/build-server.ts.
const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Arbitrary constant: the advisory lock that serialises migrations across API processes. */
const MIGRATION_LOCK_ID = 72_410_026;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ("url" in options) return openPostgres(options.url, options.onConnectionError);
  return openPglite(options.dataDir, options.holder ?? defaultHolder(), options.startFrom);
}

function defaultHolder(): string {
  const script = process.argv[1];
  return script ? `node ${path.basename(script)}` : "a node process";
}

async function openPglite(
  dataDir: string | undefined,
  holder: string,
  startFrom: Blob | undefined,
): Promise<DatabaseHandle> {
  if (!dataDir) {
    const client = await PGlite.create(startFrom ? { loadDataDir: startFrom } : {});
    const db = drizzlePglite(client, { schema });
    return {
      db,
      kind: "pglite",
      sql: pgliteExecutor(client),
      statements: pgliteStatements(client),
      migrate: () => migratePglite(db, { migrationsFolder }),
      dumpFiles: () => client.dumpDataDir("none"),
      close: () => client.close(),
    };
  }
  // Before PGlite touches the files: a second process on them is refused, not run beside us.
  const lock = await acquireDataDirLock(dataDir, holder);
  let client: PGlite;
  try {
    const dir = path.resolve(dataDir, "pgdata");
    await mkdir(dir, { recursive: true });
    client = await PGlite.create(dir);
  } catch (error) {
    await lock.release();
    throw error;
  }
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: "pglite",
    sql: pgliteExecutor(client),
    statements: pgliteStatements(client),
    dataDirLock: lock,
    // The directory is locked for this process (above), so no other can migrate at the same time.
    migrate: () => migratePglite(db, { migrationsFolder }),
    async close() {
      try {
        await client.close();
      } finally {
        await lock.release();
      }
    },
  };
}

function pgliteExecutor(client: PGlite): SqlExecutor {
  return {
    async executeSql(text, values) {
      // PGlite's `query` takes one statement; `exec` runs a script (without parameters).
      if (!values || values.length === 0) return { rows: (await client.exec(text)).at(-1)?.rows ?? [] };
      return client.query<Record<string, unknown>>(text, values);
    },
  };
}

function postgresStatements(pool: pg.Pool): StatementRunner {
  const runOn =
    (target: pg.Pool | pg.PoolClient): RunStatement =>
    async <Row extends Record<string, unknown>>(statement: Statement, values: readonly unknown[]) =>
      (await target.query<Row>({ name: statement.name, text: statement.text, values: values as unknown[] }))
        .rows;
  return {
    run: runOn(pool),
    async transaction(work) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query("begin");
        try {
          const result = await work(runOn(client));
          await client.query("commit");
          return result;
        } catch (error) {
          // A connection that cannot roll back is dropped, not handed to the next request.
          await client.query("rollback").catch((rollbackError: Error) => {
            broken = rollbackError;
          });
          throw error;
        }
      } finally {
        client.release(broken);
      }
    },
  };
}

async function openPostgres(
  url: string,
  onConnectionError: (error: Error) => void = () => {},
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (PostgreSQL restarted, failed over, a backend killed) is an
  // 'error' event on the pool, which would end the process if nobody listened (issue 33: a
  // `pg_ctl restart` stopped every API process). The pool has already dropped that connection;
  // requests in flight at that moment fail (500, retried by the client), later ones get a new one.
  pool.on("error", (error) => onConnectionError(error));
  const db = drizzlePg(pool, { schema });
  // Fail at start-up, not at the first request, when the database is unreachable.
  await db.execute(sql`select 1`);
  return {
    db,
    kind: "postgres",
    sql: { executeSql: (text, values) => pool.query(text, values) },
    statements: postgresStatements(pool),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async migrate() {
      // Several API processes may start at once: only one applies migrations at a time.
      const lockClient = await pool.connect();
      try {
        await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        await migratePg(db, { migrationsFolder });
      } finally {
        await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
        lockClient.release();
      }
    },
    close: () => pool.end(),
  };
}
