// `npm run bench` (after `npm run build`): prints the server's start-up time on an empty DATA_DIR
// and the JavaScript a first visit to /about transfers (compressed, as the browser receives it).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";

const PORT = 8191;
const base = `http://127.0.0.1:${PORT}`;

async function startServer(dataDir) {
  const started = performance.now();
  const server = spawn("node", ["dist/server/main.js"], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: "inherit",
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { server, ms: performance.now() - started };
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  server.kill();
  throw new Error("server did not start within 6 s");
}

const dataDir = mkdtempSync(path.join(tmpdir(), "admissions-bench-"));
const cold = await startServer(dataDir);
console.log(`server start, empty DATA_DIR (initdb + migrations): ${Math.round(cold.ms)} ms`);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
const page = await browser.newPage();
const scripts = new Map();
page.on("response", async (response) => {
  if (response.request().resourceType() !== "script") return;
  const sizes = await response.request().sizes();
  scripts.set(response.url(), sizes.responseBodySize);
});
await page.goto(`${base}/about`, { waitUntil: "networkidle" });
await page.getByRole("textbox", { name: "Legal First Name" }).waitFor();
const total = [...scripts.values()].reduce((a, b) => a + b, 0);
console.log(
  `first screen (/about) JavaScript transferred: ${(total / 1024).toFixed(1)} KiB in ${scripts.size} files`,
);
for (const [url, bytes] of scripts)
  console.log(`  ${(bytes / 1024).toFixed(1).padStart(6)} KiB  ${new URL(url).pathname}`);
await browser.close();
cold.server.kill("SIGTERM");
await new Promise((r) => cold.server.on("exit", r));

const warm = await startServer(dataDir);
console.log(`server start, existing DATA_DIR: ${Math.round(warm.ms)} ms`);
warm.server.kill("SIGTERM");
await new Promise((r) => warm.server.on("exit", r));
rmSync(dataDir, { recursive: true, force: true });
