import { randomUUID } from "node:crypto";
import type { Locator, Page, Request } from "@playwright/test";
import { buildPng, quarters } from "../../server/conversion/testing/build-images";
import { COMPLETE_APPLICATION } from "../helpers/complete-application";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { region } from "./keyboard";
import { CLIENT_HEADERS, serverAnswers, serverProfile, signIn } from "./session";

// Issue 30: a server that answers is not an unreachable server. Each failure is made with
// page.route on the browser's own calls (the real server would not fail on demand); everything
// else goes to the real server. The header's every sentence is recorded as it is shown, so a test
// can say it never claimed the connection was the problem.

const GENERIC = "We've encountered an unexpected error at this time. Please try again later.";
const COULD_NOT_REACH = /couldn't reach/i;
const CONVERSION_TIMEOUT = 180_000;

/** Records every text the header's save status shows, from the first paint on. */
async function recordHeader(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { headerTexts: string[] }).headerTexts = seen;
    new MutationObserver(() => {
      const text = document.querySelector(".sync-status")?.textContent ?? "";
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { headerTexts: string[] }).headerTexts);
}

/** Counts the browser's calls of `method path` (the path a regular expression). */
function countCalls(page: Page, method: string, path: RegExp): () => number {
  let count = 0;
  page.on("request", (request: Request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) count += 1;
  });
  return () => count;
}

const json = (status: number, body: unknown) => ({
  status,
  contentType: "application/json",
  body: JSON.stringify(body),
});

const header = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });
const firstName = (page: Page) =>
  region(page, "Your name").getByRole("textbox", { name: "Legal First Name", exact: true });

/** Lets time pass in the page (its timers, however long), as a minute of waiting would. */
async function aMinutePasses(page: Page): Promise<void> {
  for (let second = 0; second < 6; second++) await page.clock.fastForward(10_000);
}

test("a server error on saves says so with the server's message, is tried once per edit or click, and Try again sends it", async ({
  page,
}) => {
  await page.clock.install();
  const headerTexts = await recordHeader(page);
  await signIn(page);
  const puts = countCalls(page, "PUT", /^\/api\/answer$/);
  await page.goto("/about");
  await expect(header(page, "All changes saved")).toBeVisible();
  await page.route("**/api/answer", (route) =>
    route.fulfill(json(500, { message: "The database is down." })),
  );

  await firstName(page).fill("Katherine");
  await expect(
    header(page, "The server had a problem, so 1 change is kept on this device: The database is down."),
  ).toBeVisible();
  expect(puts()).toBe(1);
  const tryAgain = header(page, "The server had a problem").getByRole("button", { name: "Try again" });
  await expect(tryAgain).toBeVisible();
  await expectNoAxeViolations(page);

  // Spec §9: no retry by itself. A minute later it has still been tried once.
  await aMinutePasses(page);
  expect(puts()).toBe(1);

  // "Save and continue" is one more try (one request per click), and says what happened.
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL(/\/education$/);
  await expect(page.getByRole("alertdialog", { name: "Your answers were not all saved" })).toContainText(
    "The server had a problem, so 1 change is kept on this device: The database is down.",
  );
  expect(puts()).toBe(2);

  // The server recovers; "Try again" in the header sends it.
  await page.unrouteAll({ behavior: "wait" });
  await header(page, "The server had a problem").getByRole("button", { name: "Try again" }).click();
  await expect(header(page, "All changes saved")).toBeVisible();
  await expect.poll(() => serverAnswers(page)).toMatchObject({ first_name: "Katherine" });
  expect((await headerTexts()).filter((text) => COULD_NOT_REACH.test(text))).toEqual([]);
});

test("a reply that is not our API's (an HTML page with status 200) is the spec's generic error, not offline", async ({
  page,
}) => {
  const headerTexts = await recordHeader(page);
  await signIn(page);
  await page.goto("/about");
  await expect(header(page, "All changes saved")).toBeVisible();
  await page.route("**/api/answer", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<h1>Sign in to the hotel Wi-Fi</h1>" }),
  );
  await firstName(page).fill("Katherine");
  await expect(
    header(page, `The server had a problem, so 1 change is kept on this device: ${GENERIC}`),
  ).toBeVisible();
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByRole("alertdialog", { name: "Your answers were not all saved" })).toContainText(
    GENERIC,
  );
  await expectNoAxeViolations(page);
  expect((await headerTexts()).filter((text) => COULD_NOT_REACH.test(text))).toEqual([]);
  await page.unrouteAll({ behavior: "wait" });
});

test("with every call to the server failing with 500, the header never says it could not reach the server", async ({
  page,
}) => {
  const headerTexts = await recordHeader(page);
  await signIn(page);
  // A complete application (from another device), so that Submit gets as far as sending.
  const saved = await page.request.put("/api/answer", {
    headers: { ...CLIENT_HEADERS, "Idempotency-Key": `seed-${randomUUID()}` },
    data: COMPLETE_APPLICATION,
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await page.goto("/about");
  await expect(header(page, "All changes saved")).toBeVisible();
  await page.route("**/api/**", (route) => route.fulfill(json(500, { message: "Everything is down." })));
  await firstName(page).fill("Katherine");
  await expect(header(page, "The server had a problem")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL(/\/education$/);
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL(/\/final-steps$/);
  await page.getByRole("button", { name: "Submit application" }).click();
  await expect(page.getByRole("alertdialog", { name: "Your application was not submitted" })).toContainText(
    "Everything is down.",
  );
  await expect(
    page.getByRole("alertdialog", { name: "Your application was not submitted" }),
  ).not.toContainText(COULD_NOT_REACH);
  const texts = await headerTexts();
  expect(texts.some((text) => text.includes("The server had a problem"))).toBe(true);
  expect(texts.filter((text) => COULD_NOT_REACH.test(text))).toEqual([]);
  await page.unrouteAll({ behavior: "wait" });
});

test("a failing last page holds nothing back: answers typed meanwhile reach the server in one send", async ({
  page,
}) => {
  await signIn(page);
  const lastPages = countCalls(page, "PUT", /^\/api\/last-page$/);
  const answerPuts: Record<string, string>[] = [];
  page.on("request", (request) => {
    if (request.method() === "PUT" && new URL(request.url()).pathname === "/api/answer") {
      answerPuts.push((request.postDataJSON() as { answers: Record<string, string> }).answers);
    }
  });
  await page.route("**/api/last-page", (route) => route.fulfill(json(500, { message: "Broken." })));
  await page.goto("/about");
  await expect.poll(lastPages).toBeGreaterThan(0);
  await firstName(page).fill("Katherine");
  await expect.poll(() => serverAnswers(page)).toMatchObject({ first_name: "Katherine" });
  expect(answerPuts.filter((answers) => answers.first_name === "Katherine")).toHaveLength(1);
  await page.unrouteAll({ behavior: "wait" });
});

test("Submit says the server's message when the submit call fails, sends the status and validations, one request per click", async ({
  page,
}) => {
  await signIn(page);
  const saved = await page.request.put("/api/answer", {
    headers: { ...CLIENT_HEADERS, "Idempotency-Key": `seed-${randomUUID()}` },
    data: COMPLETE_APPLICATION,
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const submits = countCalls(page, "POST", /^\/api\/submit$/);
  const validations = countCalls(page, "POST", /^\/api\/validations$/);
  // The last page fails throughout: it must not hold back the status or the report.
  await page.route("**/api/last-page", (route) => route.fulfill(json(500, { message: "Broken." })));
  await page.route("**/api/submit", (route) => route.fulfill(json(500, { message: "Submit broke" })));
  await page.goto("/final-steps");
  await expect(page.getByRole("heading", { level: 1, name: "Final Steps" })).toBeVisible();
  await page.getByRole("button", { name: "Submit application" }).click();
  const toast = page.getByRole("alertdialog", { name: "Your application was not submitted" });
  await expect(toast).toContainText("Submit broke");
  await expect(toast).not.toContainText(COULD_NOT_REACH);
  expect(submits()).toBe(1);
  await expect.poll(validations).toBeGreaterThan(0);
  await expect
    .poll(async () => (await serverProfile(page)).web_status.map((entry) => entry.web_status))
    .toContain("validating");
  await expectNoAxeViolations(page);
  await page.unrouteAll({ behavior: "wait" });
});

test("a web status the server fails is tried three times in all, then the header says so (spec §9)", async ({
  page,
}) => {
  await page.clock.install();
  await signIn(page);
  const statuses = countCalls(page, "POST", /^\/api\/web-status$/);
  await page.route("**/api/web-status", (route) => route.fulfill(json(500, { message: "Broken." })));
  await page.goto("/about");
  // A new applicant's "started" is queued at once.
  await expect(
    header(page, "The server had a problem, so 1 change is kept on this device: Broken."),
  ).toBeVisible();
  expect(statuses()).toBe(3);
  await aMinutePasses(page);
  expect(statuses()).toBe(3);
  await page.unrouteAll({ behavior: "wait" });
});

// Documents.

function fileQuestion(page: Page, label: string): Locator {
  return page.getByRole("group", { name: label, exact: true });
}

const png = (name = "portrait.png") => ({
  name,
  mimeType: "image/png",
  buffer: buildPng(120, 80, quarters(120, 80)),
});

const fileStatus = (question: Locator) => question.getByRole("status");

for (const [label, reply, message] of [
  ["a server error (500)", json(500, { message: "Uploads are down." }), "Uploads are down."],
  ["a refusal (400)", json(400, { message: "No uploads today." }), "No uploads today."],
] as const) {
  test(`an upload that meets ${label} says "Error uploading file for …", keeps the file to try again, and dismissing resets`, async ({
    page,
  }) => {
    await signIn(page);
    const conversionDeletes = countCalls(page, "DELETE", /^\/api\/pdf\/document-answer\/resume_file$/);
    const documentReads = countCalls(page, "GET", /^\/api\/document-answer$/);
    const presigns = countCalls(page, "POST", /^\/api\/presigned-url$/);
    await page.route("**/api/presigned-url", (route) => route.fulfill(reply));
    await page.goto("/final-steps");
    const resume = fileQuestion(page, "Résumé");
    await resume.locator('input[type="file"]').setInputFiles(png());
    const toast = page.getByRole("alertdialog", { name: "Error uploading file for Résumé" });
    await expect(toast).toContainText(message);
    await expect(fileStatus(resume)).toHaveText(`Problem with your file: ${message}`);
    await expect(resume.getByRole("button", { name: "Try again" })).toBeVisible();
    expect(presigns()).toBe(1);
    await expectNoAxeViolations(page);

    // Try again, once the server takes it: uploaded and converted, the toast gone.
    await page.unrouteAll({ behavior: "wait" });
    await resume.getByRole("button", { name: "Try again" }).click();
    await expect(toast).toHaveCount(0);
    await expect(fileStatus(resume)).toHaveText(/^Uploaded: portrait\.png/, { timeout: CONVERSION_TIMEOUT });
    expect(conversionDeletes()).toBe(0);

    // Another failure, this time dismissed: the conversion is deleted, the documents read again,
    // the file leaves the device and the field is empty.
    await page.route("**/api/presigned-url", (route) => route.fulfill(reply));
    await resume.getByRole("button", { name: "Delete" }).click();
    await page
      .getByRole("alertdialog", { name: "Delete file" })
      .getByRole("button", { name: "Delete" })
      .click();
    await resume.locator('input[type="file"]').setInputFiles(png("second.png"));
    await expect(toast).toContainText(message);
    const readsBefore = documentReads();
    await toast.getByRole("button", { name: "Dismiss notification" }).click();
    await expect.poll(conversionDeletes).toBeGreaterThanOrEqual(2);
    await expect.poll(documentReads).toBeGreaterThan(readsBefore);
    await expect(resume.locator('input[type="file"]')).toBeVisible();
    await expect(resume.getByRole("button", { name: "Try again" })).toHaveCount(0);
    await page.unrouteAll({ behavior: "wait" });
  });
}

test("a store that never answers is blamed after three tries while the server answers, with the upload error", async ({
  page,
}) => {
  await signIn(page);
  const posts = countCalls(page, "POST", /^\/files\/upload$/);
  await page.route("**/files/upload", (route) => route.abort("connectionreset"));
  await page.goto("/final-steps");
  const resume = fileQuestion(page, "Résumé");
  await resume.locator('input[type="file"]').setInputFiles(png());
  const toast = page.getByRole("alertdialog", { name: "Error uploading file for Résumé" });
  await expect(toast).toContainText("We couldn't send your file to our document store.");
  expect(posts()).toBe(3);
  await expect(resume.getByRole("button", { name: "Try again" })).toBeVisible();
  await page.unrouteAll({ behavior: "wait" });
});

test("a conversion status the server fails sets FAILED: the field is cleared, the error shown, the file kept to try again", async ({
  page,
}) => {
  await signIn(page);
  await page.route("**/api/pdf/document-answer/resume_file", (route) =>
    route.request().method() === "GET"
      ? route.fulfill(json(500, { message: "Status broke." }))
      : route.continue(),
  );
  await page.goto("/final-steps");
  const resume = fileQuestion(page, "Résumé");
  await resume.locator('input[type="file"]').setInputFiles(png());
  await expect(page.getByRole("alertdialog", { name: "Error uploading file for Résumé" })).toContainText(
    "Status broke.",
  );
  await expect(fileStatus(resume)).toHaveText("Problem with your file: Status broke.");
  await expectNoAxeViolations(page);
  await page.unrouteAll({ behavior: "wait" });
  await resume.getByRole("button", { name: "Try again" }).click();
  await expect(fileStatus(resume)).toHaveText(/^Uploaded: portrait\.png/, { timeout: CONVERSION_TIMEOUT });
  await expect.poll(() => serverAnswers(page)).toMatchObject({ resume_file: "ANSWERED" });
});

test("deleting a file deletes its document and its conversion (spec §4, §7)", async ({ page }) => {
  await signIn(page);
  const documentDeletes = countCalls(page, "DELETE", /^\/api\/document-answer\/resume_file$/);
  const conversionDeletes = countCalls(page, "DELETE", /^\/api\/pdf\/document-answer\/resume_file$/);
  await page.goto("/final-steps");
  const resume = fileQuestion(page, "Résumé");
  await resume.locator('input[type="file"]').setInputFiles(png());
  await expect(fileStatus(resume)).toHaveText(/^Uploaded: portrait\.png/, { timeout: CONVERSION_TIMEOUT });
  await resume.getByRole("button", { name: "Delete" }).click();
  await page
    .getByRole("alertdialog", { name: "Delete file" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect.poll(documentDeletes).toBe(1);
  await expect.poll(conversionDeletes).toBe(1);
});

// Tabs and add-another.

test('a tab choice the server fails says "Error handling tabs for …"; dismissing shows the server\'s tab again', async ({
  page,
}) => {
  await signIn(page);
  const tabReads = countCalls(page, "GET", /^\/api\/tabs$/);
  await page.route("**/api/tabs", (route) =>
    route.request().method() === "PUT"
      ? route.fulfill(json(500, { message: "Tabs broke." }))
      : route.continue(),
  );
  await page.goto("/final-steps");
  const tabs = page.getByRole("tablist", { name: "Personal statement" });
  const upload = tabs.getByRole("tab", { name: "Upload a file" });
  const write = tabs.getByRole("tab", { name: "Write it here" });
  await expect(write).toHaveAttribute("aria-selected", "true");
  await upload.click();
  const toast = page.getByRole("alertdialog", { name: "Error handling tabs for Personal statement" });
  await expect(toast).toContainText("Tabs broke.");
  await expect(upload).toHaveAttribute("aria-selected", "true");
  await expectNoAxeViolations(page);
  await toast.getByRole("button", { name: "Dismiss notification" }).click();
  await expect.poll(tabReads).toBeGreaterThan(0);
  await expect(write).toHaveAttribute("aria-selected", "true");
  await page.unrouteAll({ behavior: "wait" });
});

test('a block count the server fails says "Error adding another …"; dismissing shows the server\'s count again', async ({
  page,
}) => {
  await signIn(page);
  const countReads = countCalls(page, "GET", /^\/api\/add-another$/);
  await page.route("**/api/add-another", (route) =>
    route.request().method() === "PUT"
      ? route.fulfill(json(500, { message: "Counts broke." }))
      : route.continue(),
  );
  await page.goto("/education");
  const colleges = region(page, "Colleges and universities");
  const names = colleges.getByRole("combobox", { name: "Search for Your School" });
  await expect(names).toHaveCount(1);
  await colleges.getByRole("button", { name: "Add another college" }).click();
  await expect(names).toHaveCount(2);
  const toast = page.getByRole("alertdialog", { name: "Error adding another college" });
  await expect(toast).toContainText("Counts broke.");
  await expectNoAxeViolations(page);
  await toast.getByRole("button", { name: "Dismiss notification" }).click();
  await expect.poll(countReads).toBeGreaterThan(0);
  await expect(names).toHaveCount(1);
  await page.unrouteAll({ behavior: "wait" });
});
