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

async function waitUntilHealthy(): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("server did not become healthy");
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
    await waitUntilHealthy();
    first.child.kill("SIGTERM");
    expect(await first.exit).toBe(0);
    expect(first.output()).toContain("shutting down");

    // A database left open or half-written would fail here.
    const second = start(env);
    await waitUntilHealthy();
    second.child.kill("SIGTERM");
    expect(await second.exit).toBe(0);
  }, 60_000);
});
