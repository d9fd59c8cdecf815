import { defineConfig } from "vitest/config";

// Two suites: `unit` (pure modules and the local store, next to the code) and `api` (the real
// server through app.inject on PGlite, or on PostgreSQL when DATABASE_URL is set). Timeouts fit a
// busy machine (load average 10 on two cores); tests wait for states, so they cost nothing when
// the machine is idle.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/repository/**/*.test.ts"],
          environment: "node",
          setupFiles: ["fake-indexeddb/auto", "tests/helpers/unit-setup.ts"],
          globalSetup: ["tests/helpers/vitest-global-setup.ts"],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          globalSetup: ["tests/helpers/vitest-global-setup.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
