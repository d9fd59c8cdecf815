import { expect, expectNoAxeViolations, test } from "./fixtures";
import { region, typeInto } from "./keyboard";
import { signIn } from "./session";

// Issue 37, point 6 (WCAG 4.1.2): while a school search shows its suggestions, the rest of the page
// is not hidden from assistive technology while it stays focusable (axe's aria-hidden-focus: the
// header, the steps, the skip link, other sections, the footer). The list is not modal.

test("an open list of school suggestions leaves the page around it visible, and the list follows its input", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/education");
  await expect(page.getByRole("contentinfo")).toBeVisible({ timeout: 30_000 });
  const colleges = region(page, "Colleges and universities");
  const search = colleges.getByRole("combobox", { name: "Search for Your School" });
  await typeInto(page, search, "alcorn");
  const list = page.getByRole("listbox");
  await expect(list.getByRole("option", { name: /Alcorn State University/ }).first()).toBeVisible();
  await expect(search).toHaveAttribute("aria-expanded", "true");

  // Nothing focusable is hidden: the whole page is still there for a screen reader.
  await expectNoAxeViolations(page);
  expect(
    await page.evaluate(
      () =>
        document.querySelectorAll(
          "[aria-hidden=true] a[href], [aria-hidden=true] button, [aria-hidden=true] input",
        ).length,
    ),
  ).toBe(0);
  await expect(page.getByRole("navigation", { name: "Application steps" })).toBeVisible();
  // The list comes right after its input in reading order, shown under it.
  expect(
    await search.evaluate((input) => {
      const listbox = document.querySelector("[role=listbox]");
      return listbox !== null && input.closest(".field")?.contains(listbox) === true;
    }),
  ).toBe(true);
  // Placed against the input: under it, or over it when the window has no room below.
  const [field, shown] = [await search.boundingBox(), await list.boundingBox()];
  if (!field || !shown) throw new Error("the input and its list have a place on the page");
  const below = shown.y >= field.y + field.height - 2 && shown.y <= field.y + field.height + 24;
  const above = shown.y + shown.height <= field.y + 2 && shown.y + shown.height >= field.y - 24;
  expect(below || above, JSON.stringify({ field, shown })).toBe(true);

  // Still a combo box: arrows and Enter choose, and the list goes.
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(search).toHaveValue("Alcorn State University");
  await expect(list).toHaveCount(0);
  await expect(colleges.getByRole("textbox", { name: "City", exact: true })).toHaveValue("Lorman");
  expect(
    await page.evaluate(() => document.getElementById("root")?.hasAttribute("data-react-aria-top-layer")),
  ).toBe(false);
  await expectNoAxeViolations(page);

  // Escape closes a list opened again.
  await search.fill("");
  await typeInto(page, search, "alcorn");
  await expect(list.getByRole("option").first()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(list).toHaveCount(0);
});
