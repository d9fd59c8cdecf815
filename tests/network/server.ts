import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { type Postgres, startPostgres } from "../helpers/postgres";

// The server of the network test: the built server (`node dist/server/main.js`, as deployed, with
// its conversion and PDF workers in the process) on the server side of the test's link, on a
// throwaway PostgreSQL the test reads directly to compare with the device.

export type NetworkServer = {
  origin: string;
  dataDir: string;
  db: pg.Pool;
  output(): string;
  stop(): Promise<void>;
};

export async function startNetworkServer(
  address: string,
  port: number,
  workDir: string,
): Promise<NetworkServer> {
  const postgres: Postgres = await startPostgres(
    process.env.NETWORK_PG_PORT ? { port: Number(process.env.NETWORK_PG_PORT) } : {},
  );
  const dataDir = path.join(workDir, "data");
  mkdirSync(dataDir, { recursive: true });
  const origin = `http://${address}:${port}`;
  let output = "";
  const child: ChildProcess = spawn(process.execPath, ["--enable-source-maps", "dist/server/main.js"], {
    env: {
      ...process.env,
      HOST: address,
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: postgres.url,
      E2E_TEST_HOOKS: "true",
      // NETWORK_LOG_LEVEL=info logs every request (to find what reached the server in a failed run).
      LOG_LEVEL: process.env.NETWORK_LOG_LEVEL ?? "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const db = new pg.Pool({ connectionString: postgres.url, max: 2 });
  // pg's pool.end() resolves once it has let its connections go, before each has closed: the
  // server's "terminating connection" (57P01) as it stops may then reach one, which is expected.
  let stopping = false;
  db.on("error", (error) => {
    if (!stopping) throw error;
  });
  // Gone with the test, however it ends: the server, and PostgreSQL at once (SIGQUIT) with its files.
  const stopNow = () => {
    child.kill("SIGKILL");
    if (!postgres.dataDir) return;
    try {
      process.kill(
        Number(readFileSync(path.join(postgres.dataDir, "postmaster.pid"), "utf8").split("\n", 1)[0]),
        "SIGQUIT",
      );
    } catch {}
    rmSync(postgres.dataDir, { recursive: true, force: true });
  };
  process.once("exit", stopNow);
  const stop = async () => {
    process.off("exit", stopNow);
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
    stopping = true;
    await db.end();
    await postgres.stop();
  };
  // However long a busy machine takes to migrate and start: until it answers, or exits.
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited before it was ready:\n${output}`);
    }
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { origin, dataDir, db, output: () => output, stop };
}
