import { defineConfig } from "@playwright/test";

// `npm run test:network` (scripts/test-network.mjs): Chromium in a network namespace of its own,
// the built server on the other side of a link the test impairs (tests/network). Needs root; the
// script skips it with one line elsewhere. The test launches its browser and server itself.
export default defineConfig({
  testDir: "tests/network",
  // Its own: Playwright empties its output directory when it starts, and CI runs this beside the
  // browser suite, whose traces are being written to test-results/.
  outputDir: "test-results-network",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  // A journey on a bad link takes minutes; tests wait for states, so the budget only decides when
  // a real failure is reported.
  timeout: 600_000,
  expect: { timeout: 60_000 },
  use: { trace: "retain-on-failure" },
});
