// Once per vitest run, before any test file: one line per missing system package (the tests that
// need it are skipped; REQUIRE_SYSTEM_TOOLS makes that a failure), and the Chromium tests print
// with found (and, without a system one, unpacked from @sparticuz/chromium) before parallel test
// files ask for it at once.
import { findChromium } from "../../server/browser/find-chromium";
import { missingToolLines, systemTools } from "./system-tools";

export default async function setup(): Promise<void> {
  for (const line of missingToolLines(systemTools)) console.warn(line);
  const chromium = await findChromium();
  if (chromium.source !== "system") console.warn(`Chromium: ${chromium.executablePath} (${chromium.source})`);
}
