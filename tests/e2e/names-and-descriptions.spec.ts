import { expect, expectNoAxeViolations, test } from "./fixtures";
import { signIn } from "./session";

// Issue 37, point 8: names and descriptions that say what a thing is and does, in plain words.

test("the statement's character counter describes its text area", async ({ page }) => {
  await signIn(page);
  await page.goto("/final-steps");
  const statement = page.getByRole("textbox", { name: "Personal statement" });
  await expect(statement).toHaveAccessibleDescription("Character count: 0 / 7000");
  await statement.fill("Hello");
  await expect(statement).toHaveAccessibleDescription("Character count: 5 / 7000");
  await expectNoAxeViolations(page);
});

test("a sign-in refusal says plainly what happened; the spec's label stays its name", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("textbox", { name: "Email" }).fill("nobody-here@example.edu");
  await page.getByRole("textbox", { name: "Password" }).fill("Not the password 1!");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  const toast = page.getByRole("alertdialog", { name: "Login Card Error" });
  await expect(toast).toBeVisible();
  // What it shows (and what is read after its name) is the plain title and the server's message.
  await expect(toast).toContainText("We couldn't sign you in");
  await expect(toast).not.toContainText("Card Error", { useInnerText: true });
  await expect(toast).toHaveAccessibleDescription(/^We couldn't sign you in \S/);
  await expectNoAxeViolations(page);
});

test("signing out says so plainly, with no word of clearing cookies", async ({ page }) => {
  await signIn(page);
  await page.goto("/about");
  await page.getByRole("button", { name: "Account" }).click();
  await page.getByRole("button", { name: "Log Out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  const alert = page.getByRole("alert");
  await expect(alert).toHaveText(
    "You have been signed out. Please sign in again to go on with your application.",
  );
  await expect(alert).not.toContainText("cookies");
  await expectNoAxeViolations(page);
});
