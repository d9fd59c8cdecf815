import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";

// A throwaway PostgreSQL cluster for the two-server test (playwright.scale.config.ts starts it once
// and stops it at the end), as .ci/run starts one for the API suite. PostgreSQL refuses to run as
// root, so as root (CI) the server runs as the `postgres` user that Debian's package creates.

const ROOT = "/usr/lib/postgresql";

/** PG_BIN, or the newest installed version's bin directory (scripts/require-postgres.mjs checks it). */
export function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const versions = existsSync(ROOT)
    ? readdirSync(ROOT).sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))
    : [];
  if (!versions[0]) throw new Error(`no PostgreSQL under ${ROOT} (see scripts/require-postgres.mjs)`);
  return path.join(ROOT, versions[0], "bin");
}

export type Cluster = { url: string; stop: () => void };

export function startCluster(port: number, database = "admissions_scale"): Cluster {
  const bin = postgresBin();
  const asRoot = userInfo().uid === 0;
  const run = (tool: string, args: string[]) => {
    const [command, ...rest] = asRoot
      ? ["runuser", "-u", "postgres", "--", path.join(bin, tool), ...args]
      : [path.join(bin, tool), ...args];
    execFileSync(command as string, rest, { stdio: ["ignore", "ignore", "pipe"] });
  };
  const dataDir = mkdtempSync(path.join(tmpdir(), "admissions-scale-pg-"));
  if (asRoot) {
    const ids = execFileSync("id", ["-u", "postgres"]).toString().trim();
    const gid = execFileSync("id", ["-g", "postgres"]).toString().trim();
    chownSync(dataDir, Number(ids), Number(gid));
  }
  run("initdb", ["-D", dataDir, "--auth=trust", "-U", "postgres"]);
  run("pg_ctl", [
    "-D",
    dataDir,
    "-w",
    "-l",
    path.join(dataDir, "server.log"),
    "-o",
    `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1`,
    "start",
  ]);
  const stop = () => {
    try {
      run("pg_ctl", ["-D", dataDir, "-m", "immediate", "stop"]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  try {
    run("createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", database]);
  } catch (error) {
    stop();
    throw error;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/${database}`, stop };
}
