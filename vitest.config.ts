import { defineConfig } from "vitest/config";

// Two suites: `unit` (pure modules and the local store, next to the code) and `api` (the real
// server through app.inject on PGlite, or on PostgreSQL when DATABASE_URL is set).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.{ts,tsx}", "server/**/*.test.ts"],
          environment: "node",
          setupFiles: ["fake-indexeddb/auto"],
        },
      },
      {
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
