import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { buildPng, quarters } from "../../server/conversion/testing/build-images";
import { formatFileSize } from "../../src/shared/file-size";
import { COMPLETE_APPLICATION } from "../helpers/complete-application";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { CLIENT_HEADERS, signIn } from "./session";

// Issue 32, the applicant's side: after Submit, /completion lists what the admissions office has
// received (the application, each document with its state, the application PDF), and still does
// offline, from the last check on this device; sign-out removes that copy.

// A conversion and a PDF each: three times the browser suite's budget (playwright.config.ts).
test.describe.configure({ timeout: 720_000 });

/** A real conversion or PDF on a busy machine (as documents.spec.ts and application-pdf.spec.ts). */
const CONVERSION_TIMEOUT = 180_000;

/** Uploads a real PNG for the résumé the way the form does (presign, store, record) and waits for its PDF. */
async function uploadResume(page: Page): Promise<number> {
  const presign = await page.request.post("/api/presigned-url", {
    headers: CLIENT_HEADERS,
    data: { answer_key: "resume_file" },
  });
  expect(presign.ok(), await presign.text()).toBe(true);
  const { url, fields } = (await presign.json()) as { url: string; fields: Record<string, string> };
  const png = buildPng(120, 80, quarters(120, 80));
  const stored = await page.request.post(url, {
    multipart: { ...fields, file: { name: "portrait.png", mimeType: "image/png", buffer: png } },
  });
  expect(stored.status()).toBe(204);
  const recorded = await page.request.post("/api/pdf/document-answer/resume_file", {
    headers: CLIENT_HEADERS,
    data: { file_key: fields.key, file_name: "portrait.png" },
  });
  expect(recorded.status(), await recorded.text()).toBe(202);
  await expect
    .poll(
      async () =>
        (
          (await (
            await page.request.get("/api/pdf/document-answer/resume_file", { headers: CLIENT_HEADERS })
          ).json()) as { status: string }
        ).status,
      { timeout: CONVERSION_TIMEOUT },
    )
    .toBe("COMPLETED");
  return png.length;
}

/** Whether the device still holds this user's receipt (src/features/receipt/receipt-store.ts). */
function receiptOnDevice(page: Page, username: string): Promise<boolean> {
  return page.evaluate(
    (owner) =>
      new Promise<boolean>((resolve, reject) => {
        const open = indexedDB.open("admissions-receipts", 1);
        open.onupgradeneeded = () => open.result.createObjectStore("receipts");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction("receipts").objectStore("receipts").get(owner);
          read.onsuccess = () => {
            open.result.close();
            resolve(read.result !== undefined);
          };
          read.onerror = () => reject(read.error);
        };
      }),
    username,
  );
}

test("after Submit, /completion lists what the office received, also offline from the last check", async ({
  page,
  context,
}) => {
  const username = await signIn(page, `receipt-${randomUUID()}@example.edu`);
  const saved = await page.request.put("/api/answer", {
    headers: { ...CLIENT_HEADERS, "Idempotency-Key": `seed-${randomUUID()}` },
    data: COMPLETE_APPLICATION,
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const bytes = await uploadResume(page);
  expect((await page.request.post("/api/submit", { headers: CLIENT_HEADERS })).ok()).toBe(true);

  await page.goto("/completion");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const receipt = page.getByRole("region", { name: "What the admissions office has received" });
  await expect(receipt.getByRole("listitem").first()).toHaveText(
    /^Your application, submitted on \w+ \d+, \d{4}/,
  );
  await expect(receipt.getByRole("listitem").nth(1)).toHaveText(
    `Résumé: portrait.png (${formatFileSize(bytes)}), received and converted to PDF.`,
  );
  await expect(receipt.getByRole("link", { name: "Download your application (PDF)" })).toBeVisible({
    timeout: CONVERSION_TIMEOUT,
  });
  await expect.poll(() => receiptOnDevice(page, username)).toBe(true);
  // Submitted: the steps cannot be opened, so no step links that do nothing (issue 37, point 7).
  await expect(page.getByRole("navigation", { name: "Application steps" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /About You|Your Academics|Final Steps/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Offline, opened again: the app from the service worker, the receipt from the device.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Application submitted" })).toBeVisible();
  await expect(receipt).toContainText(
    "You're offline, so we can't check with the admissions office right now.",
  );
  await expect(receipt).toContainText(/This is what it had received on \w+ \d+, \d{4}/);
  await expect(receipt.getByRole("listitem").nth(1)).toHaveText(
    /^Résumé: portrait\.png .* received and converted to PDF\.$/,
  );
  await expectNoAxeViolations(page);

  // Back online; signing out removes the receipt from the device.
  await context.setOffline(false);
  await expect(receipt).not.toContainText("You're offline");
  await page.getByRole("button", { name: "Account" }).click();
  await page.getByRole("button", { name: "Log Out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await receiptOnDevice(page, username)).toBe(false);
});
