import { expect, type Locator, type Page } from "@playwright/test";

// Keyboard-only ways to answer questions, the way an applicant without a pointer would.

/** Presses Tab until `target` has focus (the way a keyboard user reaches it). */
export async function tabTo(page: Page, target: Locator, most = 80): Promise<void> {
  for (let presses = 0; presses < most; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target, "reached with Tab").toBeFocused();
}

export async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** A radio group: Tab into it, then Space on the first option or arrow keys to another. */
export async function chooseRadio(page: Page, group: Locator, option: string): Promise<void> {
  const radios = group.getByRole("radio");
  await tabTo(page, radios.first());
  const target = group.getByRole("radio", { name: option, exact: true });
  if (await target.evaluate((element) => element === document.activeElement)) {
    await page.keyboard.press("Space");
  } else {
    for (let i = 0; i < 10 && !(await target.isChecked()); i++) await page.keyboard.press("ArrowDown");
  }
  await expect(target).toBeChecked();
}

/** A select: Tab to its button, Enter opens the list, typing finds the option, Enter chooses it. */
export async function chooseOption(
  page: Page,
  select: Locator,
  typed: string,
  shown: string = typed,
): Promise<void> {
  await tabTo(page, select);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("listbox")).toBeVisible();
  await page.keyboard.type(typed);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("listbox")).toBeHidden();
  await expect(select).toContainText(shown);
}

export async function checkBox(page: Page, box: Locator): Promise<void> {
  await tabTo(page, box);
  await page.keyboard.press("Space");
  await expect(box).toBeChecked();
}

/**
 * Radios and checkboxes are visually hidden inputs inside their labels: a pointer user clicks the
 * label, which Playwright's check() cannot target, so these tests select them by focus and Space.
 */
export async function select(option: Locator): Promise<void> {
  await option.focus();
  await option.press("Space");
  await expect(option).toBeChecked();
}

export const region = (page: Page, name: string | RegExp) => page.getByRole("region", { name });
/** A select's trigger: a combo box named by its label (select-control.tsx). */
export const selectButton = (scope: Page | Locator, label: string | RegExp) =>
  scope.getByRole("combobox", { name: label instanceof RegExp ? label : new RegExp(escapeRegExp(label)) });
export const radioGroup = (scope: Page | Locator, label: string | RegExp) =>
  scope.getByRole("radiogroup", { name: label instanceof RegExp ? label : new RegExp(escapeRegExp(label)) });

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
