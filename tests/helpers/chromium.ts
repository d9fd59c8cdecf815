import type { LaunchOptions } from "@playwright/test";
import { findChromium } from "../../server/browser/find-chromium";

const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * How every browser test launches Chromium (never a browser Playwright downloads): CHROMIUM_PATH,
 * else the system's, else the one inside the npm package @sparticuz/chromium, as the server finds
 * its own (server/browser/find-chromium.ts). Playwright's runner finds it first, while loading the
 * config, so its workers find it unpacked already.
 */
export async function chromiumLaunchOptions(): Promise<LaunchOptions & { source: string }> {
  const found = await findChromium();
  return {
    executablePath: found.executablePath,
    ...(found.env ? { env: { ...process.env, ...found.env } } : {}),
    args: ARGS,
    source: found.source,
  };
}
