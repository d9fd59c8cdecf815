import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { tabTo } from "./keyboard";
import { signIn, signInValidating } from "./session";

// Issue 37, points 2 and 3 (WCAG 2.4.1, 2.4.3, 2.4.7, 2.4.11): focus and the view land together on
// something visible, and focus is never left on <body> or on an empty line.

const STEPS = [
  ["/about", "About You"],
  ["/education", "Your Academics"],
  ["/final-steps", "Final Steps"],
] as const;

/** Whether the element is inside the window's view (all of its height). */
function inView(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
  });
}

/** What has focus, in words, for the failure message. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active
      ? `${active.tagName.toLowerCase()} ${(active.textContent ?? "").trim().slice(0, 40)}`
      : "none";
  });

/** Presses Shift+Tab until `target` has focus. */
async function tabBackTo(page: Page, target: Locator, most = 30): Promise<void> {
  for (let presses = 0; presses < most; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Shift+Tab");
  }
  await expect(target, "reached with Shift+Tab").toBeFocused();
}

/** The page has rendered all it shows: the footer comes last (form-layout.tsx). */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole("contentinfo")).toBeVisible({ timeout: 30_000 });
}

test("the skip link puts focus and the view on the page's heading, on every step, by keyboard and by mouse", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/about");
  for (const [path, title] of STEPS) {
    // Between steps by the step links (a new address would be sent back to the last page, spec §2).
    if (path !== "/about")
      await page
        .getByRole("navigation", { name: "Application steps" })
        .getByRole("link", { name: new RegExp(title) })
        .click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await settled(page);
    const heading = page.locator("#main").getByRole("heading", { level: 1, name: title });
    const skip = page.getByRole("link", { name: "Skip to main content" });

    for (const how of ["keyboard", "mouse"] as const) {
      await heading.focus();
      // From the bottom of the page, as after reading it through.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      // Back to the skip link with Shift+Tab from the heading; a pointer user sees it once it has focus.
      if (how === "keyboard") await tabBackTo(page, skip);
      else await skip.focus();
      await expect(skip).toBeFocused();
      await expectNoAxeViolations(page);
      if (how === "keyboard") await page.keyboard.press("Enter");
      else await skip.click();
      await expect(heading, `${path} by ${how}: focus on ${await focused(page)}`).toBeFocused();
      expect(await inView(heading), `${path} by ${how}: the heading in view`).toBe(true);
      // The address keeps no #main: a reload is the step itself.
      expect(new URL(page.url()).hash).toBe("");
    }
  }
});

test("a validation summary link to another step focuses its question in view, once the page has settled", async ({
  page,
}) => {
  await signInValidating(page);
  await page.goto("/final-steps");
  const summary = () => page.getByRole("region", { name: "We're missing some information!" });
  await expect(summary().getByRole("link").first()).toBeVisible({ timeout: 30_000 });

  // The first link of each step's list in turn, each to another step than the one shown (a
  // question near the top of it, under the summary that arrives after it).
  for (const list of ["About You", "Your Academics", "Final Steps"]) {
    const link = summary().getByRole("list", { name: list }).getByRole("link").first();
    const href = (await link.getAttribute("href")) ?? "";
    const [to, key] = href.split("#") as [string, string];
    const question = `#${key}`;
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${to}#${key}$`));
    await settled(page);
    await expect(summary().getByRole("link").first()).toBeVisible();
    const target = page.locator(question);
    await expect
      .poll(() => target.evaluate((element) => element.contains(document.activeElement)), {
        message: `${to}${question}: focus in the question`,
      })
      .toBe(true);
    const active = page.locator("*:focus");
    await expect
      .poll(() => inView(active), { message: `${to}${question}: the focused field in view` })
      .toBe(true);
    await expectNoAxeViolations(page);
  }
});

test("after a failed upload is dismissed, focus is on the file input, not on an empty status line", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/final-steps");
  const resume = page.getByRole("group", { name: "Résumé", exact: true });
  const input = resume.locator('input[type="file"]');
  await input.setInputFiles({
    name: "photo.png",
    mimeType: "image/png",
    buffer: Buffer.from("This is a text file, not a picture.\n"),
  });
  const status = resume.getByRole("status");
  await expect(status).toBeFocused();
  const toast = page.getByRole("alertdialog", { name: "Error uploading file for Résumé" });
  await expect(toast).toBeVisible({ timeout: 60_000 });
  await expect(status).toHaveText(/^Problem with your file: /);
  await expectNoAxeViolations(page);

  // The keyboard reaches the toast (F8) and dismisses it; the file goes (spec §8 reset).
  await page.keyboard.press("F8");
  await tabTo(page, toast.getByRole("button", { name: "Dismiss notification" }), 5);
  await page.keyboard.press("Enter");
  await expect(toast).toBeHidden();
  await expect(input).toBeVisible();
  await expect(status).toHaveText("");
  await expect(input, `focus on ${await focused(page)}`).toBeFocused();
  await expectNoAxeViolations(page);
});
