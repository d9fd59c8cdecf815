import type { BrowserContext, Page } from "@playwright/test";
import { ONLINE_TRIES } from "../../src/lib/load-part";
import { deviceContents, expectNothingQueued, expectStoredOnDevice } from "./device-store";
import { expect, expectNoAxeViolations, skipUnlessImportsRetried, test } from "./fixtures";
import { loseDateCodeOffline } from "./lost-part";
import { controlledByServiceWorker } from "./service-worker";
import { serverAnswers, serverProfile, signIn } from "./session";

const FIELDS = {
  "Legal First Name": ["first_name", "Katherine"],
  "Middle Name": ["middle_name", "Coleman"],
  "Last Name": ["last_name", "Johnson"],
  "Preferred Name": ["preferred_name", "Kay"],
} as const;

const status = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });

test("edits made offline survive closing the page and reach the server after reconnecting", async ({
  context,
  page,
}) => {
  const username = await signIn(page);
  await page.goto("/about");
  await controlledByServiceWorker(page);
  await expect(status(page, "All changes saved")).toBeVisible();

  await context.setOffline(true);
  for (const [label, [, value]] of Object.entries(FIELDS)) {
    await page
      .getByRole("region", { name: "Your name" })
      .getByRole("textbox", { name: new RegExp(`^${label}`) })
      .fill(value);
  }
  const expected = Object.fromEntries(Object.values(FIELDS).map(([key, value]) => [key, value]));
  // Every edit is on the device before the page closes (the status may already show the first).
  await expectStoredOnDevice(page, expected, username);
  await expect(
    status(page, /Saved on this device — will sync when you're back online \(\d+ waiting\)/),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.close();

  const reopened = await context.newPage();
  await reopened.goto("/about");
  for (const [label, [, value]] of Object.entries(FIELDS)) {
    await expect(
      reopened
        .getByRole("region", { name: "Your name" })
        .getByRole("textbox", { name: new RegExp(`^${label}`) }),
    ).toHaveValue(value);
  }
  await context.setOffline(false);
  await reopened.evaluate(() => window.dispatchEvent(new Event("online")));
  await expect(status(reopened, "All changes saved")).toBeVisible();
  expect(await serverAnswers(reopened)).toMatchObject(expected);
});

/** Fills every visible, empty text field of the page; returns key (the input's id) → value shown. */
async function fillTextFields(page: Page, start: number): Promise<Record<string, string>> {
  const filled: Record<string, string> = {};
  const fields = page.locator("#main").getByRole("textbox");
  for (let i = 0; i < (await fields.count()); i++) {
    const field = fields.nth(i);
    const id = await field.getAttribute("id");
    if (
      !id ||
      !(await field.isVisible()) ||
      !(await field.isEditable()) ||
      (await field.inputValue()) !== ""
    ) {
      continue;
    }
    const n = start + Object.keys(filled).length;
    const value = /email/.test(id)
      ? `person${n}@example.com`
      : /phone/.test(id)
        ? `215555${String(1000 + n)}`
        : /zip/.test(id)
          ? "19104"
          : `Entry ${n}`;
    await field.fill(value);
    await field.blur();
    filled[id] = await field.inputValue();
  }
  return filled;
}

const revealingChoices: Record<string, [group: string, option: string][]> = {
  "/about": [
    ["How do you wish to apply?", "Transfer"],
    ["issued under a different name", "Yes"],
    ["may we contact", "Parent 1/Guardian 1"],
    ["attended Northbridge", "Yes"],
  ],
  "/education": [
    ["consider your standardized test scores", "Yes"],
    ["taken the SAT", "Yes"],
    ["When did you take the SAT", "March 2016 or later"],
    ["taken the ACT", "Yes"],
    ["taken the CLT", "Yes"],
    ["employed by Harbor Health", "Yes"],
  ],
  "/final-steps": [
    ["criminal charges currently pending", "Yes"],
    ["placed on probation", "Yes"],
    ["convicted", "Yes"],
    ["eligible to return", "No"],
  ],
};

test("50 fields edited offline across the three pages survive closing the page and reach the server", async ({
  context,
  page,
}) => {
  // A long journey (three pages, 50 fields, reopened offline): three times the usual budget.
  test.slow();
  const username = await signIn(page);
  await page.goto("/about");
  await controlledByServiceWorker(page);
  await expect(status(page, "All changes saved")).toBeVisible();
  await context.setOffline(true);

  const expected: Record<string, string> = {};
  for (const path of ["/about", "/education", "/final-steps"]) {
    await page.getByRole("link", { name: new RegExp(STEP_TITLES[path] ?? "") }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    for (const [group, option] of revealingChoices[path] ?? []) {
      const radio = page
        .getByRole("radiogroup", { name: new RegExp(group) })
        .first()
        .getByRole("radio", { name: option, exact: true });
      await radio.focus();
      await radio.press("Space");
      await expect(radio).toBeChecked();
    }
    if (path === "/education") {
      await page.getByRole("button", { name: "Add another college" }).click();
      await expect(page.getByRole("heading", { name: "Colleges and universities 2" })).toBeVisible();
    }
    Object.assign(expected, await fillTextFields(page, Object.keys(expected).length));
  }
  expect(Object.keys(expected).length).toBeGreaterThanOrEqual(50);
  await expectStoredOnDevice(page, expected, username);
  await expect(status(page, /will sync when you're back online/)).toBeVisible();
  await page.close();

  // Reopened offline: every value is still on the device.
  const reopened = await context.newPage();
  for (const path of ["/about", "/education", "/final-steps"]) {
    await reopened.goto(path);
    await expect(reopened.getByRole("heading", { level: 1 })).toBeVisible();
    for (const [key, value] of Object.entries(expected)) {
      const field = reopened.locator(`[id="${key}"]`);
      if ((await field.count()) > 0) await expect(field).toHaveValue(value);
    }
  }

  await context.setOffline(false);
  await reopened.evaluate(() => window.dispatchEvent(new Event("online")));
  await expect(status(reopened, "All changes saved")).toBeVisible();
  expect(await serverAnswers(reopened)).toMatchObject(expected);
});

const STEP_TITLES: Record<string, string> = {
  "/about": "About You",
  "/education": "Your Academics",
  "/final-steps": "Final Steps",
};

/**
 * Signs in on /about (the service worker in control, the page's own records sent), goes offline and
 * types `firstName`: the one change the device then keeps. Returns the username.
 */
async function firstNameTypedOffline(
  context: BrowserContext,
  page: Page,
  firstName: string,
): Promise<string> {
  const username = await signIn(page);
  await page.goto("/about");
  await controlledByServiceWorker(page);
  await expectNothingQueued(page, username);
  await expect(status(page, "All changes saved")).toBeVisible();
  await context.setOffline(true);
  await page.getByRole("textbox", { name: "Legal First Name" }).fill(firstName);
  await expect(status(page, /will sync when you're back online \(1 waiting\)/)).toBeVisible();
  return username;
}

test("a session that expired while offline: after signing in again the edits arrive", async ({
  context,
  page,
}) => {
  const username = await firstNameTypedOffline(context, page, "Dorothy");
  // The server ends the session meanwhile (e.g. it expired); the test's own request channel is
  // not subject to the page's offline emulation.
  const loggedOut = await page.request.get("/api/logout", { headers: { "X-Admissions-Client": "1" } });
  expect(loggedOut.ok()).toBe(true);
  await context.setOffline(false);

  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText("You have been signed out. Please sign in again to go on with your application."),
  ).toBeVisible();
  await signIn(page, username);
  await page.goto("/about");
  await expect(page.getByRole("textbox", { name: "Legal First Name" })).toHaveValue("Dorothy");
  await expect(status(page, "All changes saved")).toBeVisible();
  expect(await serverAnswers(page)).toMatchObject({ first_name: "Dorothy" });
});

test("a session that ended while offline, then a reload before the page could learn it: the sign-in screen says so, and the edits arrive after it", async ({
  context,
  page,
}) => {
  // The reloaded page learns nothing from a refused request (it is offline): only that it was
  // signed in here, never signed out, and the session's hint is gone. At the load of 25 a reload
  // for a part lost offline (src/lib/load-part.ts) came before the 401s could be told, and the
  // page opened as a visitor's, saying "Saved on this device" while the edit waited unseen.
  const username = await firstNameTypedOffline(context, page, "Dorothy");
  const loggedOut = await page.request.get("/api/logout", { headers: { "X-Admissions-Client": "1" } });
  expect(loggedOut.ok()).toBe(true);
  await page.reload();

  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText("You have been signed out. Please sign in again to go on with your application."),
  ).toBeVisible();
  await expect(
    page.getByText("Your answers are kept on this device: 1 change will be sent when you sign in again."),
  ).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(username);
  await expectNoAxeViolations(page);

  await context.setOffline(false);
  await signIn(page, username);
  await page.goto("/about");
  await expect(page.getByRole("textbox", { name: "Legal First Name" })).toHaveValue("Dorothy");
  await expect(status(page, "All changes saved")).toBeVisible();
  expect(await serverAnswers(page)).toMatchObject({ first_name: "Dorothy" });
});

test("a session that ended with nothing waiting: a reload opens the visitor's form, the applicant's answers gone from it and from the device", async ({
  page,
}) => {
  const username = await signIn(page);
  await page.goto("/about");
  await page.getByRole("textbox", { name: "Legal First Name" }).fill("Dorothy");
  await expect.poll(() => serverAnswers(page)).toMatchObject({ first_name: "Dorothy" });
  await expect(status(page, "All changes saved")).toBeVisible();
  await expectStoredOnDevice(page, { first_name: "Dorothy" }, username);
  const loggedOut = await page.request.get("/api/logout", { headers: { "X-Admissions-Client": "1" } });
  expect(loggedOut.ok()).toBe(true);
  await page.reload();

  await expect(page.getByRole("heading", { name: "Welcome!" })).toBeVisible();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("textbox", { name: "Legal First Name" })).toHaveValue("");
  await expect(status(page, "Saved on this device")).toBeVisible();
  // As at a sign-out, a shared computer keeps no one's application once it has all been sent.
  await expect.poll(async () => (await deviceContents(page, username)).answers).toEqual({});
});

test.describe("without a service worker (the page's own loads only)", () => {
  test.use({ serviceWorkers: "block" });

  test("a session that ended while a part of the form was lost offline: the part's reload keeps /login's message and what is kept", async ({
    context,
    page,
  }) => {
    // Skipped in a browser that keeps a failed import() failed (the npm package's Chromium 153):
    // the refusals below cannot be made there. CI's system Chromium always runs it.
    await skipUnlessImportsRetried(page);
    // At load 25's share the form's later parts were still loading when the network went; back
    // online, the 401 took the page to /login, and then a part the browser kept failed reloaded
    // the page (src/lib/load-part.ts): the reloaded /login said nothing. Here the date question's
    // code is lost offline, then refused online until /login has said it (as pwa.spec.ts does).
    const username = await signIn(page);
    let giveUp!: () => void;
    const lost = await loseDateCodeOffline(context, new Promise<void>((resolve) => (giveUp = resolve)));
    await page.goto("/about");
    await expect.poll(() => lost.lostOffline).toBeGreaterThan(0);
    await page.getByRole("textbox", { name: "Legal First Name" }).fill("Dorothy");
    await expect(status(page, /^Saved on this device/)).toBeVisible();
    const loggedOut = await page.request.get("/api/logout", { headers: { "X-Admissions-Client": "1" } });
    expect(loggedOut.ok()).toBe(true);
    lost.backOnline = true;
    await context.setOffline(false);

    const signedOut = page.getByText(
      "You have been signed out. Please sign in again to go on with your application.",
    );
    const kept = page.getByText(
      /^Your answers are kept on this device: \d+ changes? will be sent when you sign in again\.$/,
    );
    await expect(page).toHaveURL(/\/login$/);
    await expect(signedOut).toBeVisible();
    await expect(kept).toBeVisible();
    // The part's last try fails now: the page reloads, on /login.
    const reloaded = page.waitForEvent("load");
    giveUp();
    await reloaded;
    expect(lost.keptFailed).toBe(ONLINE_TRIES);
    await expect(page).toHaveURL(/\/login$/);
    await expect(signedOut).toBeVisible();
    await expect(kept).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(username);
    await expectNoAxeViolations(page);

    await signIn(page, username);
    await page.goto("/about");
    await expect(page.getByRole("textbox", { name: "Legal First Name" })).toHaveValue("Dorothy");
    await expect(status(page, "All changes saved")).toBeVisible();
    expect(await serverAnswers(page)).toMatchObject({ first_name: "Dorothy" });
  });
});

test("two tabs editing the same field converge on the later edit", async ({ context, page }) => {
  await signIn(page);
  await page.goto("/about");
  const other = await context.newPage();
  await other.goto("/about");

  await page
    .getByRole("region", { name: "Your name" })
    .getByRole("textbox", { name: "Last Name" })
    .fill("Alpha");
  await expect(
    other.getByRole("region", { name: "Your name" }).getByRole("textbox", { name: "Last Name" }),
  ).toHaveValue("Alpha");
  await other
    .getByRole("region", { name: "Your name" })
    .getByRole("textbox", { name: "Last Name" })
    .fill("Beta");
  await expect(
    page.getByRole("region", { name: "Your name" }).getByRole("textbox", { name: "Last Name" }),
  ).toHaveValue("Beta");

  await expect(status(page, "All changes saved")).toBeVisible();
  await expect.poll(() => serverAnswers(page)).toMatchObject({ last_name: "Beta" });
});

test("once the tab that sends is hidden, the tab in front sends its own answers", async ({
  context,
  page,
}) => {
  await signIn(page);
  await page.goto("/about");
  await expect(status(page, "All changes saved")).toBeVisible();
  const other = await context.newPage();
  await other.goto("/about");
  await expect(status(other, "All changes saved")).toBeVisible();
  const senders: string[] = [];
  for (const [name, tab] of [
    ["first", page],
    ["second", other],
  ] as const) {
    tab.on("request", (request) => {
      if (request.method() === "PUT" && new URL(request.url()).pathname === "/api/answer") senders.push(name);
    });
  }
  const lastName = other
    .getByRole("region", { name: "Your name" })
    .getByRole("textbox", { name: "Last Name" });

  // Both tabs shown (as headless Chromium has them): the first tab, which leads, sends for both.
  await lastName.fill("Alpha");
  await expect.poll(() => serverAnswers(other)).toMatchObject({ last_name: "Alpha" });
  expect(new Set(senders)).toEqual(new Set(["first"]));

  // The applicant switches to the second tab: the first is hidden, as a browser hides it.
  senders.length = 0;
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  // The hand-over is done when the sending lock is held by the one visible tab, the second.
  await expect
    .poll(() =>
      other.evaluate(async () => {
        const { held = [] } = await navigator.locks.query();
        const holder = (prefix: string) => held.find((lock) => lock.name?.startsWith(prefix))?.clientId;
        return holder("admissions-sync:") === holder("admissions-visible-tabs");
      }),
    )
    .toBe(true);
  await lastName.fill("Beta");
  await expect.poll(() => serverAnswers(other)).toMatchObject({ last_name: "Beta" });
  await expect(status(other, "All changes saved")).toBeVisible();
  expect(new Set(senders)).toEqual(new Set(["second"]));
  await expectNoAxeViolations(other);
});

test("answers typed before signing in join the account, and the applicant is told", async ({ page }) => {
  await page.goto("/about");
  await page.getByRole("textbox", { name: "Legal First Name" }).fill("Grace");
  await page
    .getByRole("region", { name: "Your name" })
    .getByRole("textbox", { name: "Last Name" })
    .fill("Hopper");
  await signIn(page);
  await page.goto("/about");
  await expect(page.getByRole("alertdialog", { name: "Success Notification" })).toContainText(
    "We've added the 2 answers you entered before signing in to your application.",
  );
  await expect(page.getByRole("textbox", { name: "Legal First Name" })).toHaveValue("Grace");
  await expect.poll(() => serverAnswers(page)).toMatchObject({ first_name: "Grace", last_name: "Hopper" });
});

test("logging out with changes still unsent warns and offers to stay", async ({ context, page }) => {
  const username = await signIn(page);
  let lastPagesSent = 0;
  page.on("request", (request) => {
    if (request.method() === "PUT" && new URL(request.url()).pathname === "/api/last-page")
      lastPagesSent += 1;
  });
  await page.goto("/about");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // A new applicant's first page records "started" and the page; once the server has both, a
  // reload of the same page sends neither again, so the change typed below is the only one waiting.
  await expect
    .poll(async () => {
      const profile = await serverProfile(page);
      return [profile.last_page, profile.web_status.map((entry) => entry.web_status)];
    })
    .toEqual(["/about", ["started"]]);
  await expectNothingQueued(page, username);
  lastPagesSent = 0;
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expectNothingQueued(page, username);
  await expect(status(page, "All changes saved")).toBeVisible();
  await context.setOffline(true);
  await page.getByRole("textbox", { name: "Middle Name" }).fill("Unsent");
  await expectStoredOnDevice(page, { middle_name: "Unsent" }, username);
  // Offline nothing leaves the queue: the warning counts what it holds, the typed change.
  expect((await deviceContents(page, username)).queued).toBe(1);
  expect(lastPagesSent).toBe(0);
  await page.getByRole("button", { name: "Account" }).click();
  await page.getByRole("button", { name: "Log Out" }).click();
  const warning = page.getByRole("dialog", { name: "Account" }).getByRole("alert");
  await expect(warning).toContainText("1 change hasn't reached the server yet.");
  await expectNoAxeViolations(page);
  await warning.getByRole("button", { name: "Stay signed in" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("textbox", { name: "Middle Name" })).toHaveValue("Unsent");
});
