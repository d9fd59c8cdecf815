// The production build (`npm run build`) served by `node dist/server/main.js` on a free loopback
// port, for the bench scripts.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { chromium } from "@playwright/test";

/** A port nothing listens on right now (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built server on `dataDir` and waits for /healthz. Returns its base URL, the time it
 * took to answer, and `stop()`. `env` adds variables (the Lighthouse bench turns the test hooks on
 * to sign a visitor in).
 */
export async function startBuiltServer(dataDir, { port, env = {} } = {}) {
  const listenOn = port ?? (await freePort());
  const base = `http://127.0.0.1:${listenOn}`;
  const started = performance.now();
  const server = spawn("node", ["dist/server/main.js"], {
    env: { ...process.env, PORT: String(listenOn), DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env },
    stdio: "inherit",
  });
  const stop = async () => {
    if (server.exitCode !== null) return;
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  };
  // Until it answers or exits: on a shared machine (load 20) an empty DATA_DIR's initdb and
  // migrations took 34 s; two minutes only bounds a server that hangs.
  for (let i = 0; i < 6_000; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, ms: performance.now() - started, stop };
    } catch {}
    if (server.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await stop();
  throw new Error("the built server did not answer /healthz within 2 minutes (did `npm run build` run?)");
}

/** Debian's Chromium with the flags every browser test uses (tests/helpers/chromium.ts). */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/**
 * A browser context with Lighthouse's mobile preset's screen (a Moto G Power's), signed in as a
 * new applicant through the test hook when `signedIn` (the server needs E2E_TEST_HOOKS=true).
 */
export async function phoneContext(browser, base, { signedIn = false, name = "bench" } = {}) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  if (signedIn) {
    const response = await context.request.post(`${base}/__test__/session`, {
      headers: { "content-type": "application/json", "X-Admissions-Client": "1" },
      data: { username: `${name}-${Date.now()}@example.edu` },
    });
    if (!response.ok()) throw new Error(`test sign-in answered ${response.status()}`);
  }
  return context;
}
