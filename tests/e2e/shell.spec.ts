import { expect, expectNoAxeViolations, test } from "./fixtures";

test("the footer's Help and Privacy dialogs open, trap focus and close with Escape", async ({ page }) => {
  await page.goto("/about");
  await page.getByRole("button", { name: "Help" }).click();
  const help = page.getByRole("dialog", { name: "Help" });
  await expect(help).toBeVisible();
  await expect(help.getByRole("link", { name: /PDF reader/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();
  await expect(page.getByRole("button", { name: "Help" })).toBeFocused();

  await page.getByRole("button", { name: "Privacy" }).click();
  const privacy = page.getByRole("dialog", { name: "Privacy" });
  await expect(privacy.getByRole("link", { name: /cookie settings/ })).toBeVisible();
  await expect(privacy.getByRole("link", { name: /analytics opt-out/ })).toBeVisible();
  await privacy.getByRole("button", { name: "Close" }).click();
  await expect(privacy).toBeHidden();
});

test("the account popover offers Sign In and Create Account to a visitor", async ({ page }) => {
  await page.goto("/about");
  await page.getByRole("textbox", { name: "Legal First Name" }).fill("Grace");
  await page.getByRole("button", { name: "Account" }).click();
  const popover = page.getByRole("dialog", { name: "Account" });
  await expect(popover.getByRole("link", { name: "Sign In" })).toBeVisible();
  await expectNoAxeViolations(page);
  await popover.getByRole("link", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("every auth page renders its card with a footer link", async ({ page }) => {
  for (const [path, title] of [
    ["/login", "Sign In"],
    ["/signup", "Create Account"],
    ["/confirm", "Confirm Your Account"],
    ["/forgot", "Forgot Password"],
    ["/reset", "Reset Password"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expectNoAxeViolations(page);
  }
});
