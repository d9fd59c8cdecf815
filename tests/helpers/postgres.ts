import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chown, mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export type Postgres = {
  url: string;
  stop(): Promise<void>;
  /** A throwaway cluster's directory (postmaster.pid names its server process). */
  dataDir?: string;
  /** A throwaway cluster: `pg_ctl restart` (fast: connections are ended, as in a failover). */
  restart?(): Promise<void>;
};

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
export async function startPostgres({
  durable = false,
  port: wantedPort,
}: {
  durable?: boolean;
  /** A fixed port (a shared machine may give each user a range); a free one by default. */
  port?: number;
} = {}): Promise<Postgres> {
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
  const port = wantedPort ?? (await freePort());
  await exec("initdb", ["-D", dir, "--auth=trust", "-U", "postgres", "--no-sync"]);
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${durable ? "" : " -c fsync=off"}`;
  const pgCtl = (action: "start" | "restart", ...extra: string[]) =>
    exec("pg_ctl", [
      "-D",
      dir,
      "-w",
      "-l",
      path.join(dir, "server.log"),
      "-o",
      serverOptions,
      ...extra,
      action,
    ]);
  await pgCtl("start");
  await exec("createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "admissions"]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/admissions`,
    dataDir: dir,
    restart: async () => void (await pgCtl("restart", "-m", "fast")),
    async stop() {
      await exec("pg_ctl", ["-D", dir, "-m", "fast", "-w", "stop"]).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A database of its own for a test file that must see only its own rows (e.g. a list of every
 * application) or changes shared data wholesale (a school list replaced): on DATABASE_URL's server, a fresh database dropped by `drop()`; without
 * DATABASE_URL, undefined (createTestApp's in-memory PGlite is already fresh).
 */
export async function ownDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const shared = process.env.DATABASE_URL;
  if (!shared) return undefined;
  const name = `own_${Math.random().toString(36).slice(2, 12)}`;
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: shared });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(shared);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: shared });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
