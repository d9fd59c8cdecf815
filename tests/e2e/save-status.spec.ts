import type { Page, Route } from "@playwright/test";
import { GENERIC_ERROR_MESSAGE, SIGNED_OUT_MESSAGE } from "../../src/shared/messages";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { radioGroup, region } from "./keyboard";
import { CLIENT_HEADERS, serverAnswers, signIn } from "./session";

// Issue 11 §2 and issue 30: the header and the messages after a save tell offline, a server
// problem, refused answers and an ended session apart (server-failures.spec.ts has the rest). The server's failures are made with page.route, on the
// browser's own saves; the test's requests (page.request) reach the real server.

const status = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });
const nameField = (page: Page, label: string) =>
  region(page, "Your name").getByRole("textbox", { name: label, exact: true });
const SERVER_PROBLEM = /The server had a problem, so 1 change is kept on this device: /;
const TOO_LONG = "This answer is longer than 45 characters.";

/** Opens /about signed in, once everything the page sends at first has been saved. */
async function openSignedIn(page: Page): Promise<string> {
  const username = await signIn(page);
  await openAboutAsNewApplicant(page);
  return username;
}

/**
 * Opens /about for an applicant who has not opened a form page yet, and waits until the page's
 * opening calls (web status "started", the last page visited) have been answered. The header says
 * "All changes saved" before the page has queued them (they are the page's records, not the
 * applicant's changes), so a test that changes the server's state then can meet them in flight.
 */
async function openAboutAsNewApplicant(page: Page): Promise<void> {
  const answered = (method: string, path: string) =>
    page.waitForResponse((response) => {
      const request = response.request();
      return request.method() === method && new URL(request.url()).pathname === path && response.ok();
    });
  const opened = Promise.all([answered("POST", "/api/web-status"), answered("PUT", "/api/last-page")]);
  await page.goto("/about");
  await opened;
  await expect(status(page, "All changes saved")).toBeVisible();
}

/** The answers of a PUT /api/answer the browser sends. */
function answersOf(route: Route): Record<string, string> {
  return (route.request().postDataJSON() as { answers: Record<string, string> }).answers;
}

/** Saves go through again: the route is removed and the worker is woken at once (not after its backoff). */
async function serverRecovers(page: Page): Promise<void> {
  await page.unrouteAll({ behavior: "wait" });
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
}

for (const [trouble, reply] of [
  [
    "a server error (500)",
    {
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ message: GENERIC_ERROR_MESSAGE }),
    },
  ],
  [
    "a reply that is not our API's (an HTML page)",
    { status: 200, contentType: "text/html", body: "<p>Hi</p>" },
  ],
] as const) {
  test(`${trouble} while online says the server had a problem, not offline, and the edit arrives later`, async ({
    page,
  }) => {
    await openSignedIn(page);
    await page.route("**/api/answer", (route) => route.fulfill(reply));
    await nameField(page, "Legal First Name").fill("Katherine");
    await expect(status(page, SERVER_PROBLEM)).toBeVisible();
    await expect(status(page, /back online|couldn't reach/)).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Moving on keeps the answers on the device and says why they were not sent, in red, not green.
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page).toHaveURL(/\/education$/);
    const toast = page.getByRole("alertdialog", { name: "Your answers were not all saved" });
    await expect(toast).toContainText(SERVER_PROBLEM);
    await expect(page.getByRole("alertdialog", { name: "Success Notification" })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await serverRecovers(page);
    await expect(status(page, "All changes saved")).toBeVisible();
    await expect.poll(() => serverAnswers(page)).toMatchObject({ first_name: "Katherine" });
  });
}

test("an answer the server refuses is marked at its field, the others still go, and editing it fixes it", async ({
  page,
}) => {
  await openSignedIn(page);
  // The server refuses any save holding a middle name, naming it (400 { message, fields }).
  await page.route("**/api/answer", (route) =>
    "middle_name" in answersOf(route)
      ? route.fulfill({
          status: 400,
          contentType: "application/json",
          body: JSON.stringify({
            message: "Some answers were not saved: middle_name.",
            fields: { middle_name: TOO_LONG },
          }),
        })
      : route.continue(),
  );
  await nameField(page, "Legal First Name").fill("Katherine");
  await nameField(page, "Middle Name").fill("Coleman");
  await nameField(page, "Last Name").fill("Johnson");

  const middle = nameField(page, "Middle Name");
  await expect(middle).toHaveAccessibleDescription(new RegExp(`Not saved: ${TOO_LONG}`));
  await expect(middle).toHaveAttribute("aria-invalid", "true");
  await expect(middle).toHaveValue("Coleman");
  await expect(status(page, "1 answer was not saved.")).toBeVisible();
  await expect(status(page, "All changes saved")).toHaveCount(0);
  await expect
    .poll(() => serverAnswers(page))
    .toMatchObject({ first_name: "Katherine", last_name: "Johnson" });
  expect((await serverAnswers(page)).middle_name).toBeUndefined();
  await expectNoAxeViolations(page);

  // Later edits are not held back by the refused one.
  await nameField(page, "Preferred Name").fill("Kay");
  await expect.poll(() => serverAnswers(page)).toMatchObject({ preferred_name: "Kay" });

  // "Save and continue" stays, and says which answer and what to do.
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByRole("alertdialog", { name: "Your answers were not all saved" })).toContainText(
    'Some answers were not saved: Middle Name. They are marked "Not saved"',
  );
  await expect(page).toHaveURL(/\/about$/);

  // The header's link leads to the field; an edit is sent again, and this time the server takes it.
  await page.unrouteAll({ behavior: "wait" });
  await status(page, "1 answer was not saved.").getByRole("link", { name: "Fix it" }).click();
  await expect(middle).toBeFocused();
  await page.keyboard.press("End");
  await page.keyboard.type("-Goble");
  await expect(status(page, "All changes saved")).toBeVisible();
  await expect(middle).not.toHaveAccessibleDescription(/Not saved/);
  await expect.poll(() => serverAnswers(page)).toMatchObject({ middle_name: "Coleman-Goble" });
  await expectNoAxeViolations(page);
});

test("a refused change can be undone: the field takes the server's answer back", async ({ page }) => {
  await openSignedIn(page);
  await nameField(page, "Middle Name").fill("King");
  await expect.poll(() => serverAnswers(page)).toMatchObject({ middle_name: "King" });
  await page.route("**/api/answer", (route) =>
    route.fulfill({
      status: 400,
      contentType: "application/json",
      body: JSON.stringify({
        message: "Some answers were not saved: middle_name.",
        fields: { middle_name: TOO_LONG },
      }),
    }),
  );
  const middle = nameField(page, "Middle Name");
  await middle.fill("Kingsley");
  await expect(middle).toHaveAccessibleDescription(new RegExp(`Not saved: ${TOO_LONG}`));
  await page.getByRole("button", { name: "Undo this change" }).click();
  await expect(middle).toHaveValue("King");
  await expect(middle).toBeFocused();
  await expect(middle).not.toHaveAttribute("aria-invalid", "true");
  await expect(status(page, "All changes saved")).toBeVisible();
  await expect(page.getByRole("button", { name: "Undo this change" })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("a session that ends during a save never says saved: sign in again, and the answers arrive", async ({
  page,
}) => {
  const username = await openSignedIn(page);
  // The server ends the session (as an idle timeout would); the page does not know yet.
  const loggedOut = await page.request.get("/api/logout", { headers: CLIENT_HEADERS });
  expect(loggedOut.ok()).toBe(true);

  // Changes wait until the button is pressed: otherwise an autosave may meet the ended session
  // first, and the app goes to sign-in before the press (which this test is about) happens.
  let press = () => {};
  const pressed = new Promise<void>((resolve) => (press = resolve));
  await page.route("**/api/**", async (route) => {
    if (route.request().method() !== "GET") await pressed;
    await route.continue();
  });
  await nameField(page, "Legal First Name").fill("Dorothy");
  await page.getByRole("button", { name: "Save and continue" }).click();
  press();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("alert")).toHaveText(SIGNED_OUT_MESSAGE);
  await expect(
    page.getByText(/Your answers are kept on this device: \d+ changes? will be sent/),
  ).toBeVisible();
  await expect(page.getByText(/have been saved|saved on this device/)).toHaveCount(0);
  await expectNoAxeViolations(page);

  await signIn(page, username);
  await page.goto("/about");
  await expect(nameField(page, "Legal First Name")).toHaveValue("Dorothy");
  await expect(status(page, "All changes saved")).toBeVisible();
  await expect.poll(() => serverAnswers(page)).toMatchObject({ first_name: "Dorothy" });
});

test("control characters typed or pasted never reach an answer", async ({ page }) => {
  await openSignedIn(page);
  await nameField(page, "Legal First Name").fill("Ada\u0000 Love\u0007lace");
  await expect(nameField(page, "Legal First Name")).toHaveValue("Ada Lovelace");
  const street = region(page, "Permanent address").getByRole("combobox", { name: "Address" });
  await street.focus();
  await page.keyboard.insertText("1 Main\u001B St\u007F");
  await expect(street).toHaveValue("1 Main St");

  // By the step link: a fresh load would go back to the last page the server knows (spec §2).
  await page.getByRole("link", { name: /Final Steps/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Final Steps" })).toBeVisible();
  const convicted = radioGroup(page, "convicted").getByRole("radio", { name: "Yes", exact: true });
  await convicted.focus();
  await convicted.press("Space");
  await expect(convicted).toBeChecked();
  const comment = page.getByRole("textbox", { name: /describe the conviction/ });
  await comment.fill("First line\nsecond\u0000 line\u0008");
  await expect(comment).toHaveValue("First line\nsecond line");
  await expect
    .poll(() => serverAnswers(page))
    .toMatchObject({
      first_name: "Ada Lovelace",
      address_line_1: "1 Main St",
      conviction_comment: "First line\nsecond line",
    });
});
