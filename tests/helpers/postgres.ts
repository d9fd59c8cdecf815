import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chown, mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export type Postgres = { url: string; stop(): Promise<void> };

/** The newest PostgreSQL server binaries Debian installed, if any. */
function postgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, "bin", "postgres")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** True when a test can have PostgreSQL: DATABASE_URL, or server binaries to start one. */
export function postgresAvailable(): boolean {
  return Boolean(process.env.DATABASE_URL) || postgresBin() !== undefined;
}

/**
 * PostgreSQL for a test that needs several processes on one database: DATABASE_URL's when set (CI),
 * otherwise a throw-away cluster in a temporary directory on a free port, removed by `stop()`.
 * As root, the server runs as the `postgres` user (it refuses to run as root). Tests run without
 * fsync; `durable` keeps PostgreSQL's defaults (each commit flushed), as a deployment runs it.
 */
export async function startPostgres({ durable = false }: { durable?: boolean } = {}): Promise<Postgres> {
  const existing = process.env.DATABASE_URL;
  if (existing) return { url: existing, stop: async () => {} };
  const bin = postgresBin();
  if (!bin) throw new Error("no PostgreSQL server binaries in /usr/lib/postgresql/*/bin");
  const dir = await mkdtemp(path.join(os.tmpdir(), "admissions-pg-"));
  const asRoot = process.getuid?.() === 0;
  const exec = (tool: string, args: string[]) =>
    asRoot
      ? run("runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args])
      : run(path.join(bin, tool), args);
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: group } = await run("id", ["-g", "postgres"]);
    await chown(dir, Number(stdout.trim()), Number(group.trim()));
  }
  const port = await freePort();
  await exec("initdb", ["-D", dir, "--auth=trust", "-U", "postgres", "--no-sync"]);
  await exec("pg_ctl", [
    "-D",
    dir,
    "-w",
    "-l",
    path.join(dir, "server.log"),
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${durable ? "" : " -c fsync=off"}`,
    "start",
  ]);
  await exec("createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "admissions"]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/admissions`,
    async stop() {
      await exec("pg_ctl", ["-D", dir, "-m", "fast", "-w", "stop"]).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export type PrivateDatabase = { url: string | undefined; drop(): Promise<void> };

/**
 * A database no other test file shares, for tests that change shared data wholesale (a school list
 * replaced): with DATABASE_URL (CI's suite on PostgreSQL, where test files share one database), a
 * new database on the same server, dropped by `drop()` once the test's apps are closed; without it
 * `url` is undefined and the test app's in-memory PGlite is private already.
 */
export async function privateDatabase(): Promise<PrivateDatabase> {
  const shared = process.env.DATABASE_URL;
  if (!shared) return { url: undefined, drop: async () => {} };
  const { Client } = await import("pg");
  const name = `admissions_private_${Math.random().toString(36).slice(2, 12)}`;
  const admin = async (statement: string) => {
    const client = new Client({ connectionString: shared });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(shared);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
