import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { signIn } from "./session";

// Spec §9 toasts as an applicant meets them: one per message, on the screen it was meant for,
// dismissed by a swipe, reached with F8.

const SESSION_MESSAGE = "You have been signed out. Please sign in again to go on with your application.";

async function failSignIn(page: Page, address: string): Promise<void> {
  await page.getByRole("textbox", { name: "Email" }).fill(address);
  await page.getByLabel("Password", { exact: true }).fill("Not-the-password-1");
  const answered = page.waitForResponse((response) => response.url().endsWith("/public/login"));
  await page.getByRole("button", { name: "Sign In" }).click();
  await answered;
}

/** Drags `toast` sideways by `dx` pixels with the mouse, the way a finger swipes it. */
async function drag(page: Page, toast: Locator, dx: number): Promise<void> {
  const box = await toast.boundingBox();
  if (!box) throw new Error("the toast is not on the screen");
  const y = box.y + box.height / 2;
  const x = box.x + 24;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 4; step++) await page.mouse.move(x + (dx * step) / 4, y);
  await page.mouse.up();
}

test("a repeated failed sign-in shows one error toast, reached with F8 and dismissed by a 50 px swipe", async ({
  page,
}) => {
  await page.goto("/login");
  const address = `nobody-${crypto.randomUUID().slice(0, 8)}@example.edu`;
  const error = page.getByRole("alertdialog", { name: "Login Card Error" });
  for (let attempt = 0; attempt < 3; attempt++) {
    await failSignIn(page, address);
    await expect(error).toHaveCount(1);
  }
  await expectNoAxeViolations(page);

  // F8 from a text field (whose own key handling comes after) moves focus to the notification.
  await page.getByLabel("Password", { exact: true }).focus();
  await page.keyboard.press("F8");
  await expect(error).toBeFocused();

  // A short drag springs back; one past 50 px dismisses.
  await drag(page, error, 30);
  await expect(error).toBeVisible();
  await expect(error).toHaveCSS("transform", "none");
  await drag(page, error, -60);
  await expect(error).toHaveCount(0);
});

test("a card's messages stay on the card: not carried by its footer link, not shown again on Back", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/about");
  await page.getByRole("button", { name: "Account" }).click();
  await page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Log Out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("alert").filter({ hasText: SESSION_MESSAGE })).toBeVisible();
  await failSignIn(page, `nobody-${crypto.randomUUID().slice(0, 8)}@example.edu`);
  await expect(page.getByRole("alertdialog", { name: "Login Card Error" })).toBeVisible();

  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
  await expect(page.getByText(SESSION_MESSAGE)).toHaveCount(0);
  await expect(page.getByRole("alertdialog", { name: "Login Card Error" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
  await expect(page.getByText(SESSION_MESSAGE)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
  await expect(page.getByText(SESSION_MESSAGE)).toHaveCount(0);
});

test("'Your answers have been saved.' shows once, on the page it was said on", async ({ page }) => {
  await signIn(page);
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1, name: "About You" })).toBeVisible();
  const saved = page.getByRole("alertdialog", { name: "Success Notification" });

  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL(/\/education$/);
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText("Your answers have been saved.");
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Back to About You" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(saved).toHaveCount(0);

  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL(/\/education$/);
  await expect(saved).toHaveCount(1);
  await page
    .getByRole("navigation", { name: "Application steps" })
    .getByRole("link", { name: /Final Steps/ })
    .click();
  await expect(page).toHaveURL(/\/final-steps$/);
  await expect(saved).toHaveCount(0);
});

test("a failed sign-out says the server session could not be ended", async ({ page }) => {
  await signIn(page);
  await page.goto("/about");
  await expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();
  await page.route("**/api/logout", (route) => route.abort("internetdisconnected"));
  await page.getByRole("button", { name: "Account" }).click();
  await page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Log Out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("alertdialog", { name: "Signed out on this device only" })).toContainText(
    "couldn't reach the server to end your session",
  );
  await expectNoAxeViolations(page);
  // Signed out on this device all the same: the form opens for a visitor.
  await page.unroute("**/api/logout");
  await page.goto("/about");
  await expect(page.getByRole("heading", { name: "Welcome!" })).toBeVisible();
});
