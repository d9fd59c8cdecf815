import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { TWO_COLLEGE_APPLICATION, TWO_COLLEGE_COUNTS } from "../helpers/complete-application";
import { lacks } from "../helpers/system-tools";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { holdRoute } from "./held-route";
import { CLIENT_HEADERS, signIn } from "./session";

// Spec §2 "PDF download link", §4 "PDF download", §9 polling (decision 0013): the applicant
// previews the application PDF on Final Steps before submitting and downloads it on /completion;
// offline the link says a connection is needed and the copy downloaded before opens.

test.describe.configure({ timeout: 480_000 });
test.use({ acceptDownloads: true });
/** Making the PDF (Chromium prints it) on a busy machine: longer than the default wait. */
const PDF_WAIT_MS = 180_000;

/** A signed-in applicant with the complete two-college application stored on the server. */
async function applicantWithApplication(page: Page): Promise<string> {
  const username = await signIn(page, `pdf-${randomUUID()}@example.edu`);
  const saved = await page.request.put("/api/answer", {
    headers: { ...CLIENT_HEADERS, "Idempotency-Key": `seed-${randomUUID()}` },
    data: TWO_COLLEGE_APPLICATION,
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const counted = await page.request.put("/api/add-another", {
    headers: CLIENT_HEADERS,
    data: { button_id: "college", num_components: TWO_COLLEGE_COUNTS.college },
  });
  expect(counted.ok()).toBe(true);
  return username;
}

/** The text of a PDF, as poppler reads it (where installed: tests/helpers/system-tools.ts). */
function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), "application-pdf-e2e-"));
  try {
    const file = path.join(dir, "application.pdf");
    writeFileSync(file, bytes);
    return execFileSync("pdftotext", [file, "-"]).toString();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const pdfCopies = (page: Page) =>
  page.evaluate(async () => {
    if (!(await caches.has("application-pdf"))) return 0;
    return (await (await caches.open("application-pdf")).keys()).length;
  });

/** Counts the page's calls to GET /api/pdf from now on (each may make a new PDF). */
function countPdfCalls(page: Page): () => number {
  let count = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/pdf") count++;
  });
  return () => count;
}

/** Types `text` at the end of `field` and waits until the server has taken the save it makes. */
async function typeAndSave(page: Page, field: Locator, text: string) {
  const saved = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/api/answer" && response.request().method() === "PUT",
  );
  await field.press("End");
  await field.pressSequentially(text);
  expect((await saved).ok()).toBe(true);
}

test("an applicant previews the application PDF on Final Steps when they ask for it", async ({
  page,
  context,
}) => {
  await applicantWithApplication(page);
  const pdfCalls = countPdfCalls(page);
  await page.goto("/final-steps");
  const review = page.getByRole("region", { name: "Review your application" });
  const preview = review.getByRole("button", { name: "Preview your application (PDF)" });
  // Opening the page makes no PDF (issue 36): the control waits to be pressed, not busy.
  await expect(preview).toBeVisible();
  await expect(preview).not.toHaveAttribute("aria-disabled", "true");
  await expect(review.getByRole("alert")).toHaveCount(0);
  expect(pdfCalls()).toBe(0);
  await expectNoAxeViolations(page);

  // Pressed: the PDF is asked for; held, the control stays busy and says so aloud.
  const first = await holdRoute(page, "**/api/pdf");
  await preview.focus();
  await page.keyboard.press("Enter");
  await expect.poll(first.calls).toBeGreaterThan(0);
  await expect(preview).toHaveAttribute("aria-disabled", "true");
  await expectNoAxeViolations(page);
  await first.release();
  const second = await holdRoute(page, "**/api/pdf");
  await expect(preview).toHaveAccessibleDescription("Your application PDF is being prepared.");
  await expect(review.getByRole("status")).toHaveText("Your application PDF is being prepared.");
  await expect.poll(second.calls).toBeGreaterThan(0);
  // A keyboard user waiting on the busy control is on the live link once it is ready.
  await expect(preview).toBeFocused();
  await second.release();

  const link = review.getByRole("link", { name: "Preview your application (PDF) (opens in a new tab)" });
  await expect(link).toBeVisible({ timeout: PDF_WAIT_MS });
  await expect(link).toHaveAccessibleDescription("Your application PDF is ready.");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toBeFocused();
  await expectNoAxeViolations(page);

  // It opens in a new tab, from our server, as a PDF of this application.
  const href = (await link.getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/files\/application-pdf\?token=/);
  const served = context.waitForEvent("response", (response) =>
    response.url().includes("/files/application-pdf"),
  );
  const [popup] = await Promise.all([page.waitForEvent("popup"), link.click()]);
  // The new tab asked for the link's PDF (a browser without a PDF viewer downloads it instead of
  // showing it, so the tab's own address is not looked at).
  const response = await served;
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(response.url()).toContain(href);
  const bytes = Buffer.from(await (await page.request.get(href)).body());
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  if (!lacks("poppler")) {
    const text = pdfText(bytes);
    expect(text).toContain("Step Three: Final Steps");
    expect(text).toContain("Riverside Cmty College (CEEB 4658)");
  }
  await popup.close();
  // A copy is kept on the device for offline use.
  await expect.poll(() => pdfCopies(page)).toBe(1);
});

test("typing on Final Steps makes no PDF; a preview asked for after the changes holds them", async ({
  page,
}) => {
  test.slow();
  await applicantWithApplication(page);
  await page.goto("/final-steps");
  const review = page.getByRole("region", { name: "Review your application" });
  const preview = review.getByRole("button", { name: "Preview your application (PDF)" });
  await preview.click();
  const link = review.getByRole("link", { name: /Preview your application \(PDF\)/ });
  await expect(link).toBeVisible({ timeout: PDF_WAIT_MS });

  // Issue 36: each pause in typing that the server saved asked for a new PDF (73 calls, 38
  // renders and a refusal in 75 s). Twelve pauses, each saved, ask for none.
  const pdfCalls = countPdfCalls(page);
  const statement = page.getByRole("textbox", { name: "Personal statement" });
  for (let pause = 1; pause <= 12; pause++)
    await typeAndSave(page, statement, `Sentence ${pause} of my plans. `);
  // The preview made before the changes is out of date: the control asks again, and is not red.
  await expect(preview).toBeVisible();
  await expect(review.getByRole("alert")).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect(pdfCalls()).toBe(0);

  await preview.click();
  await expect(link).toBeVisible({ timeout: PDF_WAIT_MS });
  expect(pdfCalls()).toBeGreaterThan(0);
  const bytes = Buffer.from(await (await page.request.get((await link.getAttribute("href")) ?? "")).body());
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  if (!lacks("poppler")) expect(pdfText(bytes).replace(/\s+/g, " ")).toContain("Sentence 12 of my plans.");
});

test("after submitting, the applicant downloads the PDF; offline the link says a connection is needed and the downloaded copy opens", async ({
  page,
  context,
}) => {
  await applicantWithApplication(page);
  const submitted = await page.request.post("/api/submit", { headers: CLIENT_HEADERS });
  expect(submitted.ok(), await submitted.text()).toBe(true);

  await page.goto("/completion");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect(page.getByRole("heading", { level: 1, name: "Application submitted" })).toBeVisible();
  const link = page.getByRole("link", { name: "Download your application (PDF)" });
  await expect(link).toBeVisible({ timeout: PDF_WAIT_MS });
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("Northbridge application - Ada Lovelace.pdf");
  const downloaded = readFileSync((await download.path()) ?? "");
  expect(downloaded.subarray(0, 5).toString()).toBe("%PDF-");
  if (!lacks("poppler")) expect(pdfText(downloaded)).toContain("Step One: About You");
  await expect.poll(() => pdfCopies(page)).toBe(1);

  await context.setOffline(true);
  const offline = page.getByRole("button", { name: "Download your application (PDF)" });
  await expect(offline).toBeDisabled();
  await expect(offline).toHaveAccessibleDescription(
    "You're offline. A connection is needed to download your application (PDF).",
  );
  const copy = page.getByRole("link", { name: "Open the copy on this device" });
  await expect(copy).toBeVisible();
  await expectNoAxeViolations(page);
  const [again] = await Promise.all([page.waitForEvent("download"), copy.click()]);
  expect(again.suggestedFilename()).toBe("Northbridge application - Ada Lovelace.pdf");
  expect(readFileSync((await again.path()) ?? "").equals(downloaded)).toBe(true);

  // Opened offline later (the app from the service worker, the copy from the device).
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Application submitted" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Open the copy on this device" })).toBeVisible();
  await expectNoAxeViolations(page);

  // Back online, the link works again; signing out removes the copy from the device.
  await context.setOffline(false);
  await expect(page.getByRole("link", { name: "Download your application (PDF)" })).toBeVisible({
    timeout: PDF_WAIT_MS,
  });
  await page.getByRole("button", { name: "Account" }).click();
  await page.getByRole("button", { name: "Log Out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => caches.has("application-pdf"))).toBe(false);
});

test("a refused PDF shows the server's message only once asked for, and the control asks again", async ({
  page,
}) => {
  await applicantWithApplication(page);
  // A real refusal: more new PDFs in 15 minutes than the server makes for one applicant (each
  // changed application is a new PDF). The API tests provoke a failed print.
  for (let change = 1; change <= 31; change++) {
    const saved = await page.request.put("/api/answer", {
      headers: { ...CLIENT_HEADERS, "Idempotency-Key": `change-${randomUUID()}` },
      data: { middle_name: `M${change}` },
    });
    expect(saved.ok()).toBe(true);
    if (change < 31)
      expect((await page.request.get("/api/pdf", { headers: CLIENT_HEADERS })).ok()).toBe(true);
  }
  await page.goto("/final-steps");
  const review = page.getByRole("region", { name: "Review your application" });
  const retry = review.getByRole("button", { name: "Preview your application (PDF)" });
  await expect(retry).toBeEnabled();
  // Nothing asked, nothing refused: no red message the applicant did not ask for (issue 36).
  await expect(review.getByRole("alert")).toHaveCount(0);

  const asked = page.waitForRequest((request) => request.url().endsWith("/api/pdf"));
  await retry.focus();
  await page.keyboard.press("Enter");
  await asked;
  const refusal = review.getByRole("alert");
  await expect(refusal).toHaveText(
    "You have asked for many new PDFs of your application in a short time. Please wait a few minutes and try again.",
  );
  await expect(retry).toBeEnabled();
  // Pressed, the control's progress is said: its status is a live region from now on.
  await expect(review.getByRole("status")).toHaveCount(1);
  await expectNoAxeViolations(page);

  const again = page.waitForRequest((request) => request.url().endsWith("/api/pdf"));
  await page.keyboard.press("Enter");
  await again;
  await expect(refusal).toBeVisible();
});
