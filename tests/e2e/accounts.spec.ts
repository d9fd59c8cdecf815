import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { waitForMail } from "./mail-outbox";

const PASSWORD = "Correct-Horse-9";

function newAddress(): string {
  return `applicant-${randomUUID().slice(0, 8)}@example.edu`;
}

async function logIn(page: Page, address: string, password: string) {
  await page.getByRole("textbox", { name: "Email" }).fill(address);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test("an applicant creates an account, confirms it, signs in, answers, signs out and finds the answer again", async ({
  page,
}) => {
  const address = newAddress();
  await page.goto("/signup");
  await expectNoAxeViolations(page);

  // The checklist is neutral while empty, then tracks each rule.
  const checklist = page.getByRole("list", { name: "Password:" });
  await expect(checklist.getByRole("listitem")).toHaveCount(6);
  await page.getByRole("textbox", { name: "Email" }).fill(address);
  await page.getByLabel("Password", { exact: true }).fill("short");
  await expect(checklist.getByText("is at least 12 characters")).toContainText("(not met)");
  await expect(checklist.getByText("contains at least one lowercase letter")).toContainText("(met)");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Your password does not meet all of the requirements listed.")).toBeVisible();
  await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
  await expectNoAxeViolations(page);

  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();

  await expect(page).toHaveURL(/\/confirm$/);
  await expect(page.getByRole("alertdialog", { name: "Success Notification" })).toContainText(address);
  await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(address);
  await expectNoAxeViolations(page);
  const [, code] = await waitForMail(address, /\b(\d{6})\b/);
  // Pasted with a space: kept as typed, and read without it.
  const pasted = `${code?.slice(0, 3)} ${code?.slice(3)}`;
  await page.getByRole("textbox", { name: "Confirmation code" }).fill(pasted);
  await expect(page.getByRole("textbox", { name: "Confirmation code" })).toHaveValue(pasted);
  await page.getByRole("button", { name: "Confirm Account" }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(address);
  // Each screen's message stays on it: the sign-in card shows the confirmation's, not sign-up's.
  const notes = page.getByRole("alertdialog", { name: "Success Notification" });
  await expect(notes).toHaveCount(1);
  await expect(notes).not.toContainText(address);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();

  await expect(page).toHaveURL(/\/about$/);
  // Signed in, the keyboard starts at the page's h1, as after any change of page (issue 17).
  await expect(page.getByRole("heading", { level: 1, name: "About You" })).toBeFocused();
  await expect(page.getByRole("heading", { name: "Hello!" })).toBeVisible();
  await expect(notes).toHaveCount(0);
  await page.getByRole("textbox", { name: "Legal First Name" }).fill("Mary");
  await expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();

  await page.getByRole("button", { name: "Account" }).click();
  await expect(page.getByRole("dialog", { name: "Account" })).toContainText(address);
  await page.getByRole("button", { name: "Log Out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText("You have been signed out. Please sign in again to go on with your application."),
  ).toBeVisible();

  await logIn(page, address, PASSWORD);
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("textbox", { name: "Legal First Name" })).toHaveValue("Mary");
});

test("a forgotten password is reset through the e-mailed link", async ({ page }) => {
  const address = newAddress();
  await page.goto("/signup");
  await page.getByRole("textbox", { name: "Email" }).fill(address);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/confirm$/);

  await page.goto("/forgot");
  await expectNoAxeViolations(page);
  await page.getByRole("textbox", { name: "Email" }).fill(address);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("alertdialog", { name: "Success Notification" })).toBeVisible();

  const [link] = await waitForMail(address, /http:\/\/[^\s"<>]+\/reset\?[^\s"<>]+/);
  const url = new URL(link ?? "");
  await page.goto(url.pathname + url.search);
  await expect(page.getByText(`Choose a new password for ${address}`)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("New password", { exact: true }).fill("Another-Horse-7");
  await page.getByLabel("Confirm new password", { exact: true }).fill("Another-Horse-8");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("Passwords must match.")).toBeVisible();
  await page.getByLabel("Confirm new password", { exact: true }).fill("Another-Horse-7");
  await page.getByRole("button", { name: "Reset Password" }).click();

  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, address, PASSWORD);
  await expect(page.getByRole("alertdialog", { name: "Login Card Error" })).toContainText(
    "The e-mail address or password is incorrect.",
  );
  await logIn(page, address, "Another-Horse-7");
  await expect(page).toHaveURL(/\/about$/);
});

test("the login card validates before calling, and the resend button needs a valid e-mail", async ({
  page,
}) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Please provide a valid email address.")).toBeVisible();
  await expect(page.getByText("Password is required.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Email" })).toBeFocused();
  await expect(page.getByRole("textbox", { name: "Email" })).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Resend confirmation code" }).click();
  await expect(
    page.getByText("You must provide a valid email address to resend a confirmation code."),
  ).toBeVisible();
});

test("a wrong confirmation code is refused with a Confirm Card Error", async ({ page }) => {
  const address = newAddress();
  await page.goto("/confirm");
  await page.getByRole("textbox", { name: "Email" }).fill(address);
  await page.getByRole("textbox", { name: "Confirmation code" }).fill("12345");
  await page.getByRole("button", { name: "Confirm Account" }).click();
  await expect(page.getByText("The confirmation code must be exactly 6 numbers.")).toBeVisible();
  await page.getByRole("textbox", { name: "Confirmation code" }).fill("123456");
  await page.getByRole("button", { name: "Confirm Account" }).click();
  await expect(page.getByRole("alertdialog", { name: "Confirm Card Error" })).toContainText(
    "That confirmation code is not correct.",
  );
  await expectNoAxeViolations(page);
});

test("a confirmation code typed with a seventh digit is refused as typed, never cut to six and sent", async ({
  page,
}) => {
  let confirmCalls = 0;
  page.on("request", (request) => {
    if (request.url().endsWith("/public/confirm")) confirmCalls++;
  });
  await page.goto("/confirm");
  await page.getByRole("textbox", { name: "Email" }).fill(newAddress());
  const code = page.getByRole("textbox", { name: "Confirmation code" });
  await code.click();
  await page.keyboard.type("1234567");
  // What the applicant typed stays in the field.
  await expect(code).toHaveValue("1234567");
  await page.getByRole("button", { name: "Confirm Account" }).click();
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute("aria-invalid", "true");
  await expect(code).toHaveAccessibleDescription(/The confirmation code must be exactly 6 numbers\./);
  expect(confirmCalls).toBe(0);
  await expectNoAxeViolations(page);

  // Six digits go to the server (which does not know this one).
  await page.keyboard.press("Backspace");
  await expect(code).toHaveValue("123456");
  await page.getByRole("button", { name: "Confirm Account" }).click();
  await expect(page.getByRole("alertdialog", { name: "Confirm Card Error" })).toContainText(
    "That confirmation code is not correct.",
  );
  expect(confirmCalls).toBe(1);
});
