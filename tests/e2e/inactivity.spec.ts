import type { Page } from "@playwright/test";
import { deviceContents } from "./device-store";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { signIn } from "./session";

// Spec §4 "Inactivity": the page's clock is Playwright's, so 14 minutes pass in a moment.

const INACTIVITY_MESSAGE = "You have been automatically logged out due to inactivity.";
const LOGOUT_MESSAGE = "You have been signed out. Please sign in again to go on with your application.";

async function openAboutSignedIn(page: Page, username?: string): Promise<string> {
  const signedIn = await signIn(page, username);
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1, name: "About You" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Hello!" })).toBeVisible();
  // The guard is a part loaded after the page; idle time counts from when it watches.
  await expect(page.locator("html[data-inactivity-guard='watching']")).toHaveCount(1);
  return signedIn;
}

/** One answer as the device's local store holds it. */
async function storedAnswer(page: Page, owner: string, key: string): Promise<string | null> {
  return (await deviceContents(page, owner)).answers[key] ?? null;
}

const warningDialog = (page: Page) => page.getByRole("alertdialog", { name: "Still working?" });

test("after 14 idle minutes 'Still working?' appears; Continue keeps the user signed in", async ({
  page,
}) => {
  await page.clock.install();
  await openAboutSignedIn(page);

  await page.clock.fastForward("13:00");
  await expect(warningDialog(page)).toHaveCount(0);
  await page.clock.fastForward("01:00");
  const dialog = warningDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("you will be logged out in 1 minute");
  // The warning is the dialog's description, read with its title (issue 37).
  await expect(dialog).toHaveAccessibleDescription(/you will be logged out in 1 minute/);
  await expect(dialog.getByRole("button", { name: "Continue" })).toBeFocused();
  await expectNoAxeViolations(page);

  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("heading", { level: 1, name: "About You" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Hello!" })).toBeVisible();

  // Continue restarted the count: nothing 13 minutes later, the warning again at 14.
  await page.clock.fastForward("13:00");
  await expect(warningDialog(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/about$/);
  await page.clock.fastForward("01:00");
  await expect(warningDialog(page)).toBeVisible();
});

test("without Continue the user is logged out a minute later, and typed answers stay on the device", async ({
  page,
}) => {
  await page.clock.install();
  const username = await openAboutSignedIn(page);
  // Keep the answer off the server, so finding it again proves the device kept it.
  await page.route("**/api/answer", (route) => route.abort("internetdisconnected"));
  await page.getByRole("textbox", { name: "Legal First Name" }).fill("Mary");
  await expect.poll(() => storedAnswer(page, username, "first_name")).toBe("Mary");

  await page.clock.fastForward("14:00");
  await expect(warningDialog(page)).toBeVisible();
  // Activity while the warning shows does not dismiss it.
  await page.mouse.wheel(0, 200);
  await page.keyboard.press("Shift");
  await expect(warningDialog(page)).toBeVisible();

  await page.clock.fastForward("01:00");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(INACTIVITY_MESSAGE)).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await storedAnswer(page, username, "first_name")).toBe("Mary");

  await page.unroute("**/api/answer");
  await signIn(page, username);
  const profile = await page.request.get("/api/profile", { headers: { "X-Admissions-Client": "1" } });
  expect(((await profile.json()) as { answer: Record<string, string> }).answer.first_name).toBeUndefined();
  await openAboutSignedIn(page, username);
  await expect(page.getByRole("textbox", { name: "Legal First Name" })).toHaveValue("Mary");
});

test("Logout in the warning signs the user out", async ({ page }) => {
  await page.clock.install();
  await openAboutSignedIn(page);
  await page.clock.fastForward("14:00");
  const dialog = warningDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(LOGOUT_MESSAGE)).toBeVisible();
  // The server session is over too: the form opens anonymously.
  await page.goto("/about");
  await expect(page.getByRole("heading", { name: "Welcome!" })).toBeVisible();
});

test("an anonymous visitor is never warned or logged out", async ({ page }) => {
  await page.clock.install();
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1, name: "About You" })).toBeVisible();
  await page.clock.fastForward("20:00");
  await page.getByRole("textbox", { name: "Legal First Name" }).fill("Ada");
  await page.clock.fastForward("20:00");
  await expect(warningDialog(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("textbox", { name: "Legal First Name" })).toHaveValue("Ada");
});

test("activity 15 minutes after the last, with no timer having fired (lid reopened), logs out", async ({
  page,
}) => {
  await page.clock.install();
  await openAboutSignedIn(page);
  const now = await page.evaluate(() => Date.now());
  // setSystemTime moves the clock without running timers, as a sleeping laptop does.
  await page.clock.setSystemTime(now + 16 * 60_000);
  await expect(warningDialog(page)).toHaveCount(0);
  await page.keyboard.press("Tab");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(INACTIVITY_MESSAGE)).toBeVisible();
});

test("the page becoming visible again after 15 idle minutes logs out", async ({ page }) => {
  await page.clock.install();
  await openAboutSignedIn(page);
  const now = await page.evaluate(() => Date.now());
  await page.clock.setSystemTime(now + 15 * 60_000);
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(INACTIVITY_MESSAGE)).toBeVisible();
});

test("reading counts as activity: moving the mouse or scrolling with the wheel restarts the idle time", async ({
  page,
}) => {
  await page.clock.install();
  await openAboutSignedIn(page);

  await page.clock.fastForward("13:00");
  await page.mouse.move(200, 300);
  await page.mouse.move(240, 320);
  await page.clock.fastForward("13:00");
  await expect(warningDialog(page)).toHaveCount(0);

  // Scrolling alone: the wheel moves the page, nothing else happens.
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.clock.fastForward("13:00");
  await expect(warningDialog(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/about$/);

  // A scroll nobody made (the page adjusting itself, a script) is not someone there: the warning
  // still comes 14 minutes after the wheel.
  await page.evaluate(() => window.scrollBy(0, 200));
  await page.clock.fastForward("01:00");
  await expect(warningDialog(page)).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a mouse move after 16 idle minutes (no timer having fired) logs out", async ({ page }) => {
  await page.clock.install();
  await openAboutSignedIn(page);
  const now = await page.evaluate(() => Date.now());
  await page.clock.setSystemTime(now + 16 * 60_000);
  await page.mouse.move(300, 300);
  await page.mouse.move(320, 310);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(INACTIVITY_MESSAGE)).toBeVisible();
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true });

  test("a touch restarts the idle time", async ({ page }) => {
    await page.clock.install();
    await openAboutSignedIn(page);
    await page.clock.fastForward("13:00");
    await page.touchscreen.tap(20, 400);
    await page.clock.fastForward("13:00");
    await expect(warningDialog(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/about$/);
    await page.clock.fastForward("01:00");
    await expect(warningDialog(page)).toBeVisible();
  });
});
