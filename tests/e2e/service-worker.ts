import { expect, type Page } from "@playwright/test";

/**
 * Reloads the page once the service worker is active and waits until it controls the page: its
 * precache (every chunk, the answer worker's script too) then answers without the network.
 */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}
