// The deployment bench/peak.ts loads: two API processes (`node dist/server/main.js`,
// JOB_WORKERS=false) and one worker (`node dist/server/worker.js`) on one PostgreSQL, sharing one
// DATA_DIR for the documents (README "Running at scale": without S3, processes share a volume).
// Processes can be killed (SIGKILL, as a crash or an OOM kill) and started again.
import { type ChildProcess, spawn } from "node:child_process";
import { openSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export type FleetProcess = {
  name: string;
  port: number | null;
  pid(): number | undefined;
  /** SIGKILL, and wait for the exit. */
  kill(): Promise<void>;
  /** Starts it again (after a kill), and waits until it is ready. */
  start(): Promise<void>;
  /** SIGTERM, and wait for the exit. */
  stop(): Promise<void>;
};

export type FleetOptions = { databaseUrl: string; dataDir: string; logDir: string };

/** A process of the fleet; `port` null for the worker (ready once it logs that it works). */
export function fleetProcess(
  name: string,
  script: string,
  port: number | null,
  { databaseUrl, dataDir, logDir }: FleetOptions,
): FleetProcess {
  let child: ChildProcess | undefined;
  const exited = () =>
    new Promise<void>((resolve) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
    });
  const process_ = {
    name,
    port,
    pid: () => child?.pid,
    async start() {
      const log = openSync(path.join(logDir, `${name}.log`), "a");
      child = spawn(process.execPath, ["--enable-source-maps", script], {
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          JOB_WORKERS: "false",
          E2E_TEST_HOOKS: "true",
          LOG_LEVEL: "info",
          HOST: "127.0.0.1",
          ...(port === null ? {} : { PORT: String(port) }),
        },
        stdio: ["ignore", log, log],
      });
      if (port === null) return;
      for (let i = 0; i < 1_200; i++) {
        if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}: see ${logDir}`);
        try {
          if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
        } catch {}
        await sleep(50);
      }
      throw new Error(`${name} did not answer /healthz within 60 s`);
    },
    async kill() {
      child?.kill("SIGKILL");
      await exited();
    },
    async stop() {
      child?.kill("SIGTERM");
      await exited();
    },
  };
  return process_;
}
