import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/helpers/chromium";
import { scalePorts } from "./tests/scale/ports";

// `npm run test:scale`: two built API processes on one PostgreSQL behind a load balancer the test
// switches (tests/scale). The PostgreSQL cluster is a throwaway one, started by the global setup;
// the test starts and kills the servers itself. Budgets as in playwright.config.ts.
const { source: _source, ...launchOptions } = await chromiumLaunchOptions();

export default defineConfig({
  testDir: "tests/scale",
  // Its own, so that an earlier suite's traces (test-results/) outlive this run.
  outputDir: "test-results-scale",
  globalSetup: "./tests/scale/global-setup.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  timeout: 480_000,
  expect: { timeout: 60_000 },
  use: {
    baseURL: `http://127.0.0.1:${scalePorts.balancer}`,
    navigationTimeout: 120_000,
    trace: "retain-on-failure",
    launchOptions,
  },
});
