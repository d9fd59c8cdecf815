import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The real entry point as `npm start` runs it (through tsx here, so no build is needed).
const TSX = path.resolve("node_modules/.bin/tsx");
const port = 18_000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
let dataDir: string | undefined;

function start(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number>;
} {
  let output = "";
  const child = spawn(TSX, ["server/main.ts"], {
    env: { ...process.env, LOG_LEVEL: "info", CLIENT_DIR: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exit = new Promise<number>((resolve) => child.on("exit", (code) => resolve(code ?? -1)));
  return { child, output: () => output, exit };
}

/**
 * Waits for the server's "ready on" line (logged once it listens), however long start-up takes on
 * a busy machine; fails at once, with its output, if the process exits first. Then asks /healthz.
 */
async function waitUntilHealthy(server: ReturnType<typeof start>): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const onOutput = () => {
      if (!server.output().includes("ready on http://")) return;
      server.child.stdout?.off("data", onOutput);
      resolve();
    };
    server.child.stdout?.on("data", onOutput);
    onOutput();
    void server.exit.then((code) =>
      reject(new Error(`server exited (${code}) before it was ready:\n${server.output()}`)),
    );
  });
  expect((await fetch(`${base}/healthz`)).ok).toBe(true);
}

afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("the server process", () => {
  it("refuses bad configuration with one message naming each variable, and exits non-zero", async () => {
    const server = start({ PORT: "eighty", LOG_LEVEL: "loud" });
    expect(await server.exit).toBe(1);
    expect(server.output()).toMatch(
      /Invalid configuration: .*PORT.*LOG_LEVEL|Invalid configuration: .*LOG_LEVEL.*PORT/,
    );
  });

  it("stops cleanly on SIGTERM and starts again on the same data directory", async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "admissions-process-"));
    const env = { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir };
    const first = start(env);
    await waitUntilHealthy(first);
    first.child.kill("SIGTERM");
    expect(await first.exit).toBe(0);
    expect(first.output()).toContain("shutting down");

    // A database left open or half-written would fail here.
    const second = start(env);
    await waitUntilHealthy(second);
    second.child.kill("SIGTERM");
    expect(await second.exit).toBe(0);
  }, 180_000);
});
