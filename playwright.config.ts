import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// Browser tests drive Debian's Chromium against the real built server (`npm run serve`) on a
// fresh data directory. `npm run test:e2e` builds first.
const PORT = Number(process.env.E2E_PORT ?? 8181);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "admissions-e2e-"));
process.env.E2E_DATA_DIR = dataDir;
const COLLEGES_CSV = path.resolve("../shared/data/colleges-ceeb.csv");

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
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
    },
  },
  webServer: {
    // The college lookup needs its schools: the shared CSV is imported into the fresh data directory
    // (the import command migrates first), then the server starts on it.
    command: `npx tsx server/lookup/import-cli.ts --category college_ceeb ${COLLEGES_CSV} && node --enable-source-maps dist/server/main.js`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      E2E_TEST_HOOKS: "true",
    },
  },
});
