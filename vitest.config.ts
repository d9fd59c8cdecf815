import { defineConfig } from "vitest/config";
import { HOOK_TIMEOUT_MS, STATE_WAIT_MS, TEST_TIMEOUT_MS } from "./tests/helpers/test-budgets.ts";

// Two suites: `unit` (pure modules and the local store, next to the code) and `api` (the real
// server through app.inject on PGlite, or on PostgreSQL when DATABASE_URL is set). Tests wait for
// states (fake timers, events, polls), never for time; the timeouts only decide when a test that
// never gets there is reported, and fit a busy machine (load average 25 on two cores: see
// tests/helpers/test-budgets.ts). PARTNER_CONFIG is emptied: the tests are the shipped
// institution's, whatever the shell has set.
const budgets = {
  testTimeout: TEST_TIMEOUT_MS,
  hookTimeout: HOOK_TIMEOUT_MS,
  expect: { poll: { timeout: STATE_WAIT_MS } },
  env: { PARTNER_CONFIG: "" },
};

export default defineConfig({
  test: {
    // Files run in this many workers at once (vitest's default leaves a core free: one on two
    // cores). CI sets two for the API suite on PGlite, whose files wait on spawned servers,
    // LibreOffice and Chromium and leave a core idle a fifth of the time (decision 0008).
    ...(process.env.VITEST_WORKERS ? { maxWorkers: Number(process.env.VITEST_WORKERS) } : {}),
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/repository/**/*.test.ts"],
          environment: "node",
          setupFiles: ["fake-indexeddb/auto", "tests/helpers/unit-setup.ts"],
          globalSetup: ["tests/helpers/vitest-global-setup.ts"],
          ...budgets,
        },
      },
      {
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          globalSetup: ["tests/helpers/vitest-global-setup.ts", "tests/helpers/pglite-template.ts"],
          environment: "node",
          ...budgets,
        },
      },
    ],
  },
});
