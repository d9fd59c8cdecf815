import { expectStoredOnDevice } from "./device-store";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { controlledByServiceWorker } from "./service-worker";

const STEP_LINKS_TO_SIGNUP = "To go to another step, create an account: what you've typed comes with you.";

test("an anonymous visitor's name survives a reload", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1, name: "About You" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Welcome!" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Saved on this device" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("textbox", { name: "Legal First Name" }).fill("Ada");
  await page
    .getByRole("region", { name: "Your name" })
    .getByRole("textbox", { name: "Last Name" })
    .fill("Lovelace");
  await page.getByRole("textbox", { name: /Preferred Name/ }).fill("Addie");
  // The reload must not cut the last write short: wait until the device holds all three.
  await expectStoredOnDevice(page, { first_name: "Ada", last_name: "Lovelace", preferred_name: "Addie" });
  await page.reload();

  await expect(page.getByRole("textbox", { name: "Legal First Name" })).toHaveValue("Ada");
  await expect(
    page.getByRole("region", { name: "Your name" }).getByRole("textbox", { name: "Last Name" }),
  ).toHaveValue("Lovelace");
  await expect(page.getByRole("textbox", { name: /Preferred Name/ })).toHaveValue("Addie");
});

test("the app shell and the draft still open offline after the first visit", async ({ page, context }) => {
  await page.goto("/about");
  // The service worker must control the page before the network goes away.
  await controlledByServiceWorker(page);

  await page.getByRole("textbox", { name: "Middle Name" }).fill("King");
  await expectStoredOnDevice(page, { middle_name: "King" });
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "About You" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Middle Name" })).toHaveValue("King");

  // Other pages' code was precached too.
  await page.goto("/education");
  await expect(page.getByRole("heading", { level: 1, name: "Your Academics" })).toBeVisible();
  await context.setOffline(false);
});

test("an anonymous visitor who has typed something is asked to create an account to go on", async ({
  page,
}) => {
  await page.goto("/about");
  // Nothing typed yet: the steps and the button move between pages, and no note is needed.
  await expect(page.getByText(STEP_LINKS_TO_SIGNUP)).toHaveCount(0);
  await page.getByRole("link", { name: /Your Academics/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your Academics" })).toBeVisible();
  await page.getByRole("button", { name: "Back to About You" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "About You" })).toBeVisible();

  await page.getByRole("textbox", { name: "Legal First Name" }).fill("Ada");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.goBack();
  await expect(page.getByRole("textbox", { name: "Legal First Name" })).toHaveValue("Ada");
  // The step links say why they lead to /signup (WCAG 2.4.4, issue 37, point 7).
  const steps = page.getByRole("navigation", { name: "Application steps" });
  await expect(steps.getByText(STEP_LINKS_TO_SIGNUP)).toBeVisible();
  for (const link of await steps.getByRole("link").all()) {
    await expect(link).toHaveAccessibleDescription(STEP_LINKS_TO_SIGNUP);
  }
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: /Final Steps/ }).click();
  await expect(page).toHaveURL(/\/signup$/);
});

test("an unknown path redirects to About You keeping the query string", async ({ page }) => {
  // Not `token`: a draft link's parameter, which About You consumes and removes from the address.
  await page.goto("/no/such/page?from=mail&x=1");
  await expect(page).toHaveURL(/\/about\?from=mail&x=1$/);
  await expect(page.getByRole("heading", { level: 1, name: "About You" })).toBeVisible();
});

test("step links replace the history entry and move focus to the new page", async ({ page }) => {
  await page.goto("/about");
  await page.getByRole("link", { name: /Your Academics/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your Academics" })).toBeFocused();
  await expect(page.getByRole("link", { name: /Your Academics/ })).toHaveAttribute("aria-current", "step");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: /Final Steps/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Final Steps" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goBack();
  // Both step changes replaced the entry: Back leaves the application instead of stepping back.
  await expect(page).not.toHaveURL(/\/education$/);
});

test("the note that this browser may clear the answers comes into room the header kept for it: the header does not grow", async ({
  page,
}) => {
  // A phone's width, where the note takes several lines of the header. It arrives once the first
  // answer is stored and the browser has said it may clear the storage (Playwright's does); it
  // used to make the header taller then, which moved the page, and the scroll that held the page
  // in place closed an open list of suggestions (seen on a slow machine: the address's list shut
  // a moment after it opened). The step links' note to create an account, below the header, comes
  // with the first keystroke itself, as the applicant's own doing, before any list can be open.
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto("/about");
  const heading = page.getByRole("heading", { level: 1, name: "About You" });
  await expect(heading).toBeVisible();
  const note = page.getByText("(this browser may clear it if the device runs out of space", { exact: false });
  await expect(note).toBeHidden();
  // Where each is on the page (not in the window: filling a field may scroll it into view).
  const onPage = (locator: typeof heading) =>
    locator.evaluate((element) => {
      const { top, height } = element.getBoundingClientRect();
      return { top: top + window.scrollY, height };
    });
  const headerBefore = await onPage(page.locator(".site-header"));

  await page.getByRole("textbox", { name: "Legal First Name" }).fill("Ada");
  await expectStoredOnDevice(page, { first_name: "Ada" });
  await expect(note).toBeVisible();
  expect(await onPage(page.locator(".site-header"))).toEqual(headerBefore);
  await expectNoAxeViolations(page);
});
