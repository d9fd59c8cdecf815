import type { Locator, Page } from "@playwright/test";
import { buildPng, quarters } from "../../server/conversion/testing/build-images";
import { recordSpeech, spoken } from "./a11y-probes";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { CLIENT_HEADERS, serverAnswers, signIn } from "./session";

// Issue 37, point 1 (WCAG 3.3.4): switching the personal statement's tab deletes what the left tab
// holds (spec §4); it is asked first, in an alert dialog naming it with "Keep" focused, and can
// be undone afterwards: the text from memory, the file because its deletion waits on the device.

const CONVERSION_TIMEOUT = 60_000;
const STATEMENT = "I want to study physics.";

function statementTabs(page: Page) {
  const list = page.getByRole("tablist", { name: "Personal statement" });
  return {
    list,
    write: list.getByRole("tab", { name: "Write it here" }),
    upload: list.getByRole("tab", { name: "Upload a file" }),
  };
}

const textArea = (page: Page) => page.getByRole("textbox", { name: "Personal statement" });
const fileQuestion = (page: Page) => page.getByRole("group", { name: "Personal statement", exact: true });

async function documentAnswers(page: Page): Promise<Record<string, unknown>> {
  return (await page.request.get("/api/document-answer", { headers: CLIENT_HEADERS })).json();
}

async function serverTabs(page: Page): Promise<Record<string, string>> {
  return (
    (await (await page.request.get("/api/tabs", { headers: CLIENT_HEADERS })).json()) as {
      tabs: Record<string, string>;
    }
  ).tabs;
}

/** The confirmation a switch asks for, checked for what it says and where focus is. */
async function confirmation(page: Page, to: string, deletes: string): Promise<Locator> {
  const dialog = page.getByRole("alertdialog", { name: `Switch to “${to}”?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription(
    `Choosing “${to}” deletes ${deletes}. You can undo this right after.`,
  );
  await expect(dialog.getByRole("button", { name: "Keep" })).toBeFocused();
  await expectNoAxeViolations(page);
  return dialog;
}

test("switching away from a written statement asks first, Keep keeps it, and a confirmed switch can be undone", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/final-steps");
  const tabs = statementTabs(page);
  await textArea(page).fill(STATEMENT);
  await expect.poll(() => serverAnswers(page)).toMatchObject({ personal_statement: STATEMENT });

  // Asked; "Keep" is the default: Enter keeps the statement and the tab.
  await tabs.upload.click();
  const deletes = `what you wrote for “Personal statement” (${STATEMENT.length} characters)`;
  let dialog = await confirmation(page, "Upload a file", deletes);
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(tabs.write).toHaveAttribute("aria-selected", "true");
  await expect(textArea(page)).toHaveValue(STATEMENT);
  // Escape keeps it too.
  await tabs.upload.click();
  dialog = await confirmation(page, "Upload a file", deletes);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(textArea(page)).toHaveValue(STATEMENT);
  expect((await serverAnswers(page)).personal_statement).toBe(STATEMENT);

  // Confirmed: the statement is cleared (on the server too) and the switch is said once.
  await recordSpeech(page);
  await tabs.upload.click();
  dialog = await confirmation(page, "Upload a file", deletes);
  await dialog.getByRole("button", { name: "Delete and switch" }).click();
  await expect(tabs.upload).toHaveAttribute("aria-selected", "true");
  await expect(textArea(page)).toHaveCount(0);
  await expect.poll(() => serverAnswers(page)).toMatchObject({ personal_statement: "" });
  await expect.poll(() => serverTabs(page)).toEqual({ personal_statement: "upload" });
  const undo = page.getByRole("button", { name: "Undo" });
  await expect(undo).toHaveAccessibleDescription(
    `What you wrote for “Personal statement” (${STATEMENT.length} characters) was deleted.`,
  );
  await expectNoAxeViolations(page);
  const said = (await spoken(page)).filter((speech) => speech.kind === "live").map((speech) => speech.text);
  expect(said.filter((text) => text.includes("was deleted"))).toEqual([
    `What you wrote for “Personal statement” (${STATEMENT.length} characters) was deleted. You can undo this under the tabs.`,
  ]);

  // Undo: the tab and the statement come back, focus on the tab, on the server too.
  await undo.focus();
  await page.keyboard.press("Enter");
  await expect(tabs.write).toHaveAttribute("aria-selected", "true");
  await expect(tabs.write).toBeFocused();
  await expect(textArea(page)).toHaveValue(STATEMENT);
  await expect(undo).toHaveCount(0);
  await expect.poll(() => serverAnswers(page)).toMatchObject({ personal_statement: STATEMENT });
  await expect.poll(() => serverTabs(page)).toEqual({ personal_statement: "write" });
  await expectNoAxeViolations(page);

  // An empty tab is left without asking: nothing is deleted.
  await textArea(page).fill("");
  await tabs.upload.click();
  await expect(tabs.upload).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
});

test("switching away from an uploaded file names it; undone, the file is still there; confirmed, it goes once the page is left", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page);
  await page.goto("/final-steps");
  const tabs = statementTabs(page);
  await tabs.upload.click();
  await expect(tabs.upload).toHaveAttribute("aria-selected", "true");
  await fileQuestion(page)
    .locator('input[type="file"]')
    .setInputFiles({
      name: "statement.png",
      mimeType: "image/png",
      buffer: buildPng(60, 40, quarters(60, 40)),
    });
  const status = fileQuestion(page).getByRole("status");
  await expect(status).toHaveText(/^Uploaded: statement\.png/, { timeout: CONVERSION_TIMEOUT });
  await expect.poll(() => serverAnswers(page)).toMatchObject({ personal_statement_file: "ANSWERED" });

  await tabs.write.click();
  let dialog = await confirmation(page, "Write it here", "your file statement.png");
  await dialog.getByRole("button", { name: "Delete and switch" }).click();
  await expect(tabs.write).toHaveAttribute("aria-selected", "true");
  // The deletion waits on the device while it can be undone: the server still has the file.
  const undo = page.getByRole("button", { name: "Undo" });
  await expect(undo).toHaveAccessibleDescription("Your file statement.png was deleted.");
  expect(await documentAnswers(page)).toHaveProperty("personal_statement_file");
  await expectNoAxeViolations(page);

  await undo.click();
  await expect(tabs.upload).toHaveAttribute("aria-selected", "true");
  await expect(fileQuestion(page).getByRole("status")).toHaveText(/^Uploaded: statement\.png/);
  await expect.poll(() => serverTabs(page)).toEqual({ personal_statement: "upload" });
  await expect.poll(() => serverAnswers(page)).toMatchObject({ personal_statement_file: "ANSWERED" });
  expect(await documentAnswers(page)).toHaveProperty("personal_statement_file");
  await expectNoAxeViolations(page);

  // Confirmed again, then the applicant moves on: the undo ends and the deletion is sent.
  await tabs.write.click();
  dialog = await confirmation(page, "Write it here", "your file statement.png");
  await dialog.getByRole("button", { name: "Delete and switch" }).click();
  await expect(tabs.write).toHaveAttribute("aria-selected", "true");
  await page.getByRole("link", { name: /About You/ }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect
    .poll(() => documentAnswers(page), { timeout: 30_000 })
    .not.toHaveProperty("personal_statement_file");
  await expect.poll(() => serverAnswers(page)).toMatchObject({ personal_statement_file: "" });
});
