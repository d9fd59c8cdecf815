import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { TWO_COLLEGE_APPLICATION, TWO_COLLEGE_COUNTS } from "../helpers/complete-application";
import { recordSpeech, spoken } from "./a11y-probes";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { holdRoute } from "./held-route";
import { region } from "./keyboard";
import { CLIENT_HEADERS, signIn } from "./session";

// Issue 37, point 4 (WCAG 4.1.3): one announcement per event. Nothing is said again and again
// while nothing new happens, and what the applicant needs to hear is said.

/** What the live regions have said since `recordSpeech` (focus moves and alerts left out). */
async function saidAloud(page: Page): Promise<string[]> {
  return (await spoken(page)).filter((entry) => entry.kind === "live").map((entry) => entry.text);
}

const headerStatus = (page: Page, text: string | RegExp) =>
  page.getByRole("status").filter({ hasText: text });

test("offline with one refused answer, the header says offline once, not again with each retry", async ({
  page,
  context,
}) => {
  await signIn(page);
  await page.goto("/about");
  await expect(headerStatus(page, "All changes saved")).toBeVisible();
  // The server refuses any save holding a middle name, naming it (400 { message, fields }).
  await page.route("**/api/answer", (route) =>
    "middle_name" in (route.request().postDataJSON() as { answers: Record<string, string> }).answers
      ? route.fulfill({
          status: 400,
          contentType: "application/json",
          body: JSON.stringify({
            message: "Some answers were not saved: middle_name.",
            fields: { middle_name: "This answer is longer than 45 characters." },
          }),
        })
      : route.continue(),
  );
  const names = region(page, "Your name");
  await names.getByRole("textbox", { name: "Middle Name", exact: true }).fill("Coleman");
  await expect(headerStatus(page, "1 answer was not saved.")).toBeVisible();

  await recordSpeech(page);
  let tries = 0;
  page.on("requestfailed", (request) => {
    if (new URL(request.url()).pathname === "/api/answer") tries++;
  });
  await context.setOffline(true);
  await names.getByRole("textbox", { name: "Legal First Name", exact: true }).fill("Katherine");
  await expect(headerStatus(page, /will sync when you're back online/)).toBeVisible();
  // The sync engine keeps trying while offline: three tries fail, each one passing through sending.
  await expect.poll(() => tries, { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
  await expectNoAxeViolations(page);
  expect(await saidAloud(page)).toEqual([
    "Saved on this device — will sync when you're back online (1 waiting). 1 answer was not saved.",
  ]);
});

test("a failing upload says it is uploading once and that it waits once, not with every try", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/final-steps");
  const resume = page.getByRole("group", { name: "Résumé", exact: true });
  // The document store cannot be reached (the server itself answers): tried, then held.
  await page.route("**/files/upload", (route) => route.abort("connectionrefused"));
  await recordSpeech(page);
  await resume.locator('input[type="file"]').setInputFiles({
    name: "resume.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n%%EOF\n"),
  });
  const status = resume.getByRole("status");
  await expect(status).toHaveText(/^Problem with your file: /, { timeout: 60_000 });
  await expectNoAxeViolations(page);
  const said = (await spoken(page))
    .filter((entry) => entry.kind === "live" && entry.where.includes("resume_file-status"))
    .map((entry) => entry.text);
  expect(said).toEqual([
    "Uploading…",
    "Waiting to upload: we couldn't reach the server and will keep trying.",
    expect.stringMatching(/^Problem with your file: /),
  ]);
});

test("Enter in the sign-in e-mail with a wrong address says the error, each time", async ({ page }) => {
  await page.goto("/login");
  const email = page.getByRole("textbox", { name: "Email" });
  await email.fill("not-an-address");
  await recordSpeech(page);
  await email.press("Enter");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toBeFocused();
  await expect.poll(() => saidAloud(page)).toEqual(["Please provide a valid email address."]);
  await expectNoAxeViolations(page);
  await email.press("Enter");
  await expect.poll(() => saidAloud(page)).toHaveLength(2);
  expect((await saidAloud(page)).map((text) => text.trim())).toEqual([
    "Please provide a valid email address.",
    "Please provide a valid email address.",
  ]);
  // From another field, focus moves to the e-mail and its error is read with it: nothing more said.
  const password = page.getByRole("textbox", { name: "Password" });
  await password.fill("secret");
  await password.press("Enter");
  await expect(email).toBeFocused();
  expect(await saidAloud(page)).toHaveLength(2);
});

test("on /completion the PDF's progress and the offline message are each said once", async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await signIn(page, `said-${randomUUID()}@example.edu`);
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
  expect((await page.request.post("/api/submit", { headers: CLIENT_HEADERS })).ok()).toBe(true);

  // The first answer is held, so "being prepared" is certainly on screen before "ready".
  const pdfCalls = await holdRoute(page, "**/api/pdf");
  await page.goto("/completion");
  await expect(page.getByRole("heading", { level: 1, name: "Application submitted" })).toBeVisible();
  await recordSpeech(page);
  await expect.poll(pdfCalls.calls).toBeGreaterThan(0);
  await pdfCalls.release();
  const link = page.getByRole("link", { name: "Download your application (PDF)" });
  await expect(link).toBeVisible({ timeout: 60_000 });
  await expect
    .poll(() => saidAloud(page))
    .toEqual(["Your application PDF is being prepared.", "Your application PDF is ready."]);
  await expectNoAxeViolations(page);

  await context.setOffline(true);
  const offline = "You're offline. A connection is needed to download your application (PDF).";
  await expect(
    page.getByRole("button", { name: "Download your application (PDF)" }),
  ).toHaveAccessibleDescription(offline);
  await expect.poll(async () => (await saidAloud(page)).filter((text) => text === offline)).toHaveLength(1);
  await expectNoAxeViolations(page);
});
