import type { Page } from "@playwright/test";
import { expectStoredOnDevice } from "./device-store";
import { expect, test } from "./fixtures";
import { controlledByServiceWorker } from "./service-worker";

// Keystrokes are stored by a dedicated worker (src/features/answers/off-thread-writer.ts), and on
// the page's own thread until it runs or when it cannot.

const WORKER_SCRIPT = /\/assets\/answer-write\.worker-[^/]+\.js$/;

/** Waits until the answer worker runs in `page`: its script loaded and evaluated. */
async function answerWorkerRunning(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      const worker = page.workers().find((candidate) => WORKER_SCRIPT.test(candidate.url()));
      return worker ? await worker.evaluate(() => typeof indexedDB) : "no worker";
    })
    .toBe("object");
}

test("typing is stored by the answer worker and survives a reload", async ({ page }) => {
  await page.goto("/about");
  const first = page.getByRole("textbox", { name: "Legal First Name" });
  await first.pressSequentially("Ada");
  await expect.poll(() => page.workers().some((worker) => WORKER_SCRIPT.test(worker.url()))).toBe(true);
  await page.getByRole("textbox", { name: "Middle Name" }).pressSequentially("King");
  await expectStoredOnDevice(page, { first_name: "Ada", middle_name: "King" });

  await page.reload();
  await expect(page.getByRole("textbox", { name: "Legal First Name" })).toHaveValue("Ada");
  await expect(page.getByRole("textbox", { name: "Middle Name" })).toHaveValue("King");
});

test("the answer worker is running before the applicant first types", async ({ page }) => {
  // Started once the page is all there and the browser idle, so the first keystroke is its too.
  await page.goto("/about");
  await expect(page.getByRole("textbox", { name: "Legal First Name" })).toBeEditable();
  await answerWorkerRunning(page);
  await expect(page.locator("input:focus, textarea:focus")).toHaveCount(0);
});

test("offline, the answer worker comes from the service worker's precache", async ({ page, context }) => {
  await page.goto("/about");
  await controlledByServiceWorker(page);
  await context.setOffline(true);
  await page.reload();

  await page.getByRole("textbox", { name: "Legal First Name" }).pressSequentially("Ada");
  // Running: its script was served without the network.
  await answerWorkerRunning(page);
  await page.getByRole("textbox", { name: "Middle Name" }).pressSequentially("King");
  await expectStoredOnDevice(page, { first_name: "Ada", middle_name: "King" });
  await context.setOffline(false);
});

test.describe("when the answer worker cannot load", () => {
  // Served from the network only, so the script's request can be refused.
  test.use({ serviceWorkers: "block" });

  test("typing is still stored, on the page's own thread", async ({ page }) => {
    let refused = 0;
    await page.route(WORKER_SCRIPT, (route) => {
      refused += 1;
      return route.abort("failed");
    });
    await page.goto("/about");
    await page.getByRole("textbox", { name: "Legal First Name" }).pressSequentially("Ada");
    await page.getByRole("textbox", { name: "Middle Name" }).pressSequentially("King");
    await expectStoredOnDevice(page, { first_name: "Ada", middle_name: "King" });
    expect(refused).toBeGreaterThan(0);
    await expect(page.getByRole("status").filter({ hasText: "Saved on this device" })).toBeVisible();

    await page.reload();
    await expect(page.getByRole("textbox", { name: "Legal First Name" })).toHaveValue("Ada");
    await expect(page.getByRole("textbox", { name: "Middle Name" })).toHaveValue("King");
  });
});
