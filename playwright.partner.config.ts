import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

// `npm run test:partner`: the example institution (partners/lakeside-college.json), built into
// dist/examples/lakeside by scripts/test-partner-example.mjs, served on its own fresh data
// directory with PARTNER_CONFIG set (the server checks it is the configuration it was built with)
// on E2E_PORT, after the main browser suite has finished with it.
const PORT = Number(process.env.E2E_PORT ?? 8181);
export const EXAMPLE_PARTNER = "partners/lakeside-college.json";
export const EXAMPLE_BUILD = "dist/examples/lakeside";

export default defineConfig({
  ...base,
  testDir: "tests/partner-example",
  // Its own, so that the browser suite's traces (test-results/) outlive this run.
  outputDir: "test-results-partner",
  webServer: {
    command: `node --enable-source-maps ${EXAMPLE_BUILD}/server/main.js`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 300_000,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "admissions-partner-e2e-")),
      LOG_LEVEL: "warn",
      PARTNER_CONFIG: EXAMPLE_PARTNER,
    },
  },
});
