import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/helpers/chromium";
import { missingToolLines, systemTools } from "./tests/helpers/system-tools";

// Browser tests drive Chromium (the system's, else the npm package's: tests/helpers/chromium.ts)
// against the real built server (`npm run serve`) on a fresh data directory. `npm run test:e2e`
// builds first.
const PORT = Number(process.env.E2E_PORT ?? 8181);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "admissions-e2e-"));
process.env.E2E_DATA_DIR = dataDir;
const { source, ...launchOptions } = await chromiumLaunchOptions();
// Said once, by the runner (its workers load this file too).
if (!process.env.TEST_WORKER_INDEX) {
  console.warn(`Browser tests in ${launchOptions.executablePath} (${source})`);
  for (const line of missingToolLines(systemTools, ["poppler"])) console.warn(line);
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  // One file at a time by default, the steadiest on a loaded laptop. Each test has its own
  // applicant, so files may run side by side: CI runs two (E2E_WORKERS=2, decision 0008), which
  // keep two cores 80-98 % busy (Chromium's renderer and browser processes most of it).
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: 0,
  reporter: [["list"]],
  // Budgets for a busy machine (a newcomer's laptop, a shared CI runner: load average 25 on two
  // cores makes pages render ten times slower or more). Tests wait for states, never for time, so a
  // generous budget costs nothing when the machine is idle; it only decides when a real failure
  // is reported. Long journeys call test.slow() (three times this).
  timeout: 240_000,
  expect: { timeout: 60_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    navigationTimeout: 120_000,
    // A trace of each test, kept when it fails, to open with `npx playwright show-trace`. Its
    // screencast and DOM snapshots cost a fifth of the suite's CPU; CI, whose traces stay on its
    // machine, turns them off (E2E_TRACE=off) and prints the failed page's snapshot instead.
    trace: process.env.E2E_TRACE === "off" ? "off" : "retain-on-failure",
    launchOptions,
  },
  webServer: {
    // On the fresh data directory the server migrates, and imports the shipped college list the
    // college lookup needs (as on any first start), before it answers.
    command: "node --enable-source-maps dist/server/main.js",
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    // Migrating a fresh database and importing the colleges come first.
    timeout: 300_000,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      E2E_TEST_HOOKS: "true",
    },
  },
});
