import type { Page } from "@playwright/test";
import { buildPng, quarters } from "../../server/conversion/testing/build-images";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { CLIENT_HEADERS, serverAnswers, signIn } from "./session";

// Issue 37, point 9: an "Add another college" block added by mistake, or no longer wanted, can be
// removed down to the default count: an empty one at once, one that holds answers once the
// applicant says so ("Keep" focused, WCAG 3.3.4). The later blocks move up, the count is saved
// (PUT /api/add-another), the block's answers are cleared, and the keyboard lands on "Add another
// college". Before, the block could not go and its empty required fields blocked Submit.

const heading = (page: Page, n: number) =>
  page.getByRole("heading", { name: `Colleges and universities ${n}` });
const removeButton = (page: Page, n: number) =>
  page.getByRole("button", { name: `Remove Colleges and universities ${n}` });
const addCollege = (page: Page) => page.getByRole("button", { name: "Add another college" });
const city = (page: Page, n: number) => page.locator(`[id="college_${n}_city"]`);

async function serverCount(page: Page): Promise<number | undefined> {
  const response = await page.request.get("/api/add-another", { headers: CLIENT_HEADERS });
  return ((await response.json()) as { add_another: Record<string, number> }).add_another.college;
}

async function confirmRemoval(page: Page, n: number, deletes: string) {
  const dialog = page.getByRole("alertdialog", { name: `Remove “Colleges and universities ${n}”?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription(
    `Removing “Colleges and universities ${n}” deletes ${deletes}`,
  );
  await expect(dialog.getByRole("button", { name: "Keep" })).toBeFocused();
  await expectNoAxeViolations(page);
  return dialog;
}

test("a college block can be removed: an empty one at once, one with answers after asking, later blocks moving up", async ({
  page,
}) => {
  test.slow();
  await signIn(page);
  await page.goto("/education");
  await expect(page.getByRole("contentinfo")).toBeVisible({ timeout: 30_000 });
  // One block by default: nothing to remove.
  await expect(page.getByRole("button", { name: /^Remove Colleges/ })).toHaveCount(0);

  // An empty block added by mistake goes at once, by keyboard, and focus lands on "Add another".
  await addCollege(page).click();
  await expect(heading(page, 2)).toBeVisible();
  await expectNoAxeViolations(page);
  await removeButton(page, 2).focus();
  await page.keyboard.press("Enter");
  await expect(heading(page, 2)).toHaveCount(0);
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(addCollege(page)).toBeFocused();
  await expect(page.getByText("“Colleges and universities 2” removed.")).toBeAttached();
  await expect.poll(() => serverCount(page)).toBe(1);
  await expectNoAxeViolations(page);

  // A block that holds an answer asks first; Keep (the default, and Escape) keeps it.
  await addCollege(page).click();
  await city(page, 2).fill("Lorman");
  await removeButton(page, 2).click();
  let dialog = await confirmRemoval(page, 2, "its answers.");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(city(page, 2)).toHaveValue("Lorman");
  await removeButton(page, 2).click();
  dialog = await confirmRemoval(page, 2, "its answers.");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(city(page, 2)).toHaveValue("Lorman");

  // Three blocks; removing the second moves the third up.
  await addCollege(page).click();
  await expect(heading(page, 3)).toBeVisible();
  await city(page, 3).fill("Springfield");
  await expect.poll(() => serverCount(page)).toBe(3);
  await removeButton(page, 2).click();
  dialog = await confirmRemoval(page, 2, "its answers. The blocks after it move up.");
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(heading(page, 3)).toHaveCount(0);
  await expect(city(page, 2)).toHaveValue("Springfield");
  await expect(addCollege(page)).toBeFocused();
  await expectNoAxeViolations(page);
  await expect.poll(() => serverCount(page)).toBe(2);
  await expect
    .poll(async () => {
      const answers = await serverAnswers(page);
      return [answers.college_2_city, answers.college_3_city ?? ""];
    })
    .toEqual(["Springfield", ""]);

  // Down to the default count; after a reload the page shows one block, as the server holds.
  await removeButton(page, 2).click();
  dialog = await confirmRemoval(page, 2, "its answers.");
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(heading(page, 2)).toHaveCount(0);
  await expect.poll(() => serverCount(page)).toBe(1);
  await expect.poll(async () => (await serverAnswers(page)).college_2_city ?? "").toBe("");
  await page.reload();
  await expect(page.getByRole("contentinfo")).toBeVisible({ timeout: 30_000 });
  await expect(heading(page, 2)).toHaveCount(0);
  await expect(addCollege(page)).toBeVisible();
});

test("removing a block with an uploaded transcript names the file and deletes it on the server", async ({
  page,
}) => {
  test.slow();
  await signIn(page);
  await page.goto("/education");
  await expect(page.getByRole("contentinfo")).toBeVisible({ timeout: 30_000 });
  await addCollege(page).click();
  await expect(heading(page, 2)).toBeVisible();
  const transcript = page.getByRole("group", { name: "Unofficial transcript", exact: true }).nth(1);
  await transcript.locator('input[type="file"]').setInputFiles({
    name: "mistake.png",
    mimeType: "image/png",
    buffer: buildPng(120, 80, quarters(120, 80)),
  });
  const documents = async () =>
    Object.keys(await (await page.request.get("/api/document-answer", { headers: CLIENT_HEADERS })).json());
  await expect.poll(documents, { timeout: 60_000 }).toContain("college_2_transcript");
  // Converted first: while it converts, the removal would say "File Upload in Progress".
  await expect
    .poll(
      async () =>
        (
          (await (
            await page.request.get("/api/pdf/document-answer/college_2_transcript", {
              headers: CLIENT_HEADERS,
            })
          ).json()) as { status: string }
        ).status,
      { timeout: 60_000 },
    )
    .toBe("COMPLETED");

  await removeButton(page, 2).click();
  const dialog = await confirmRemoval(page, 2, "your file mistake.png.");
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(heading(page, 2)).toHaveCount(0);
  await expect(addCollege(page)).toBeFocused();
  await expectNoAxeViolations(page);
  await expect.poll(documents, { timeout: 60_000 }).not.toContain("college_2_transcript");
  await expect.poll(() => serverCount(page)).toBe(1);
});
