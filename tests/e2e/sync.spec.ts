import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";

const FIELDS = {
  "Legal First Name": ["first_name", "Katherine"],
  "Middle Name": ["middle_name", "Coleman"],
  "Last Name": ["last_name", "Johnson"],
  "Preferred Name": ["preferred_name", "Kay"],
} as const;

async function signIn(page: Page, username = `sync-${randomUUID()}@example.edu`): Promise<string> {
  const response = await page.request.post("/__test__/session", { data: { username } });
  expect(response.ok()).toBe(true);
  return username;
}

async function serverAnswers(page: Page): Promise<Record<string, string>> {
  const response = await page.request.get("/api/profile", { headers: { "X-Admissions-Client": "1" } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { answer: Record<string, string> }).answer;
}

const status = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });

async function controlledByServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test("edits made offline survive closing the page and reach the server after reconnecting", async ({
  context,
  page,
}) => {
  await signIn(page);
  await page.goto("/about");
  await controlledByServiceWorker(page);
  await expect(status(page, "All changes saved")).toBeVisible();

  await context.setOffline(true);
  for (const [label, [, value]] of Object.entries(FIELDS)) {
    await page
      .getByRole("region", { name: "Your name" })
      .getByRole("textbox", { name: new RegExp(`^${label}`) })
      .fill(value);
  }
  await expect(
    status(page, /Saved on this device — will sync when you're back online \(\d+ waiting\)/),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.close();

  const reopened = await context.newPage();
  await reopened.goto("/about");
  for (const [label, [, value]] of Object.entries(FIELDS)) {
    await expect(
      reopened
        .getByRole("region", { name: "Your name" })
        .getByRole("textbox", { name: new RegExp(`^${label}`) }),
    ).toHaveValue(value);
  }
  await context.setOffline(false);
  await reopened.evaluate(() => window.dispatchEvent(new Event("online")));
  await expect(status(reopened, "All changes saved")).toBeVisible({ timeout: 10_000 });
  const expected = Object.fromEntries(Object.values(FIELDS).map(([key, value]) => [key, value]));
  expect(await serverAnswers(reopened)).toMatchObject(expected);
});

test("a session that expired while offline: after signing in again the edits arrive", async ({
  context,
  page,
}) => {
  const username = await signIn(page);
  await page.goto("/about");
  await expect(status(page, "All changes saved")).toBeVisible();

  await context.setOffline(true);
  await page.getByRole("textbox", { name: "Legal First Name" }).fill("Dorothy");
  await expect(status(page, /will sync when you're back online/)).toBeVisible();
  // The server ends the session meanwhile (e.g. it expired); the test's own request channel is
  // not subject to the page's offline emulation.
  const loggedOut = await page.request.get("/api/logout", { headers: { "X-Admissions-Client": "1" } });
  expect(loggedOut.ok()).toBe(true);
  await context.setOffline(false);

  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText("Your session is invalid. Please clear your cookies and login again."),
  ).toBeVisible();
  await signIn(page, username);
  await page.goto("/about");
  await expect(page.getByRole("textbox", { name: "Legal First Name" })).toHaveValue("Dorothy");
  await expect(status(page, "All changes saved")).toBeVisible({ timeout: 10_000 });
  expect(await serverAnswers(page)).toMatchObject({ first_name: "Dorothy" });
});

test("two tabs editing the same field converge on the later edit", async ({ context, page }) => {
  await signIn(page);
  await page.goto("/about");
  const other = await context.newPage();
  await other.goto("/about");

  await page
    .getByRole("region", { name: "Your name" })
    .getByRole("textbox", { name: "Last Name" })
    .fill("Alpha");
  await expect(
    other.getByRole("region", { name: "Your name" }).getByRole("textbox", { name: "Last Name" }),
  ).toHaveValue("Alpha");
  await other
    .getByRole("region", { name: "Your name" })
    .getByRole("textbox", { name: "Last Name" })
    .fill("Beta");
  await expect(
    page.getByRole("region", { name: "Your name" }).getByRole("textbox", { name: "Last Name" }),
  ).toHaveValue("Beta");

  await expect(status(page, "All changes saved")).toBeVisible({ timeout: 10_000 });
  await expect.poll(() => serverAnswers(page)).toMatchObject({ last_name: "Beta" });
});

test("answers typed before signing in join the account, and the applicant is told", async ({ page }) => {
  await page.goto("/about");
  await page.getByRole("textbox", { name: "Legal First Name" }).fill("Grace");
  await page
    .getByRole("region", { name: "Your name" })
    .getByRole("textbox", { name: "Last Name" })
    .fill("Hopper");
  await signIn(page);
  await page.goto("/about");
  await expect(page.getByRole("alertdialog", { name: "Success Notification" })).toContainText(
    "We've added the 2 answers you entered before signing in to your application.",
  );
  await expect(page.getByRole("textbox", { name: "Legal First Name" })).toHaveValue("Grace");
  await expect.poll(() => serverAnswers(page)).toMatchObject({ first_name: "Grace", last_name: "Hopper" });
});

test("logging out with changes still unsent warns and offers to stay", async ({ context, page }) => {
  await signIn(page);
  await page.goto("/about");
  await controlledByServiceWorker(page);
  await expect(status(page, "All changes saved")).toBeVisible();
  await context.setOffline(true);
  await page.getByRole("textbox", { name: "Middle Name" }).fill("Unsent");
  await page.getByRole("button", { name: "Account" }).click();
  await page.getByRole("button", { name: "Log Out" }).click();
  const warning = page.getByRole("dialog", { name: "Account" }).getByRole("alert");
  await expect(warning).toContainText("1 change hasn't reached the server yet.");
  await expectNoAxeViolations(page);
  await warning.getByRole("button", { name: "Stay signed in" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("textbox", { name: "Middle Name" })).toHaveValue("Unsent");
});
