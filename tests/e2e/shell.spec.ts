import { partner } from "../../src/config/partner";
import { SESSION_COOKIE } from "../../src/shared/constants";
import { expect, expectNoAxeViolations, skipUnlessImportsRetried, test } from "./fixtures";
import { tabTo } from "./keyboard";
import { signIn } from "./session";

test("the footer's Help and Privacy dialogs open, trap focus and close with Escape", async ({ page }) => {
  await page.goto("/about");
  await page.getByRole("button", { name: "Help" }).click();
  const help = page.getByRole("dialog", { name: "Help" });
  await expect(help).toBeVisible();
  await expect(help.getByRole("link", { name: /PDF reader/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();
  await expect(page.getByRole("button", { name: "Help" })).toBeFocused();

  await page.getByRole("button", { name: "Privacy" }).click();
  const privacy = page.getByRole("dialog", { name: "Privacy" });
  await expect(privacy.getByRole("link", { name: /cookie settings/ })).toBeVisible();
  await expect(privacy.getByRole("link", { name: /analytics opt-out/ })).toBeVisible();
  await privacy.getByRole("button", { name: "Close" }).click();
  await expect(privacy).toBeHidden();
});

test("the account popover offers Sign In and Create Account to a visitor", async ({ page }) => {
  await page.goto("/about");
  await page.getByRole("textbox", { name: "Legal First Name" }).fill("Grace");
  await page.getByRole("button", { name: "Account" }).click();
  const popover = page.getByRole("dialog", { name: "Account" });
  await expect(popover.getByRole("link", { name: "Sign In" })).toBeVisible();
  await expectNoAxeViolations(page);
  await popover.getByRole("link", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("every auth page renders its card with a footer link", async ({ page }) => {
  for (const [path, title] of [
    ["/login", "Sign In"],
    ["/signup", "Create Account"],
    ["/confirm", "Confirm Your Account"],
    ["/forgot", "Forgot Password"],
    ["/reset", "Reset Password"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expectNoAxeViolations(page);
  }
});

test("every outside link in the footer and its dialogs goes where it says, on form and auth pages", async ({
  page,
}) => {
  const mail = `mailto:${partner.helpEmail}`;
  for (const path of ["/about", "/login"]) {
    await page.goto(path);
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: partner.helpEmail })).toHaveAttribute("href", mail);

    await footer.getByRole("button", { name: "Help" }).click();
    const help = page.getByRole("dialog", { name: "Help" });
    await expect(help.getByRole("link", { name: partner.helpEmail })).toHaveAttribute("href", mail);
    await expect(help.getByRole("link", { name: /PDF reader/ })).toHaveAttribute(
      "href",
      partner.links.pdfReader,
    );
    await expectNoAxeViolations(page);
    await help.getByRole("button", { name: "Close" }).click();

    await footer.getByRole("button", { name: "Privacy" }).click();
    const privacy = page.getByRole("dialog", { name: "Privacy" });
    await expect(privacy.getByRole("link", { name: /cookie settings/ })).toHaveAttribute(
      "href",
      partner.links.cookieSettings,
    );
    await expect(privacy.getByRole("link", { name: /analytics opt-out/ })).toHaveAttribute(
      "href",
      partner.links.analyticsOptOut,
    );
    await expect(privacy.getByRole("link", { name: /privacy policy/ })).toHaveAttribute(
      "href",
      partner.privacyPolicyUrl,
    );
    // Every link in the dialogs and the footer: none was turned into a path of this site.
    for (const scope of [privacy, footer]) {
      for (const href of await scope
        .getByRole("link")
        .evaluateAll((links) => links.map((a) => a.getAttribute("href")))) {
        expect(href).toMatch(/^(mailto:|https:\/\/)/);
      }
    }
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(privacy).toBeHidden();
  }
});

test("an outside link opens where it says instead of the application's default page", async ({
  page,
  context,
}) => {
  // The network is not needed: the new tab's address is what matters.
  await context.route(/get\.adobe\.com/, (route) => route.fulfill({ status: 200, body: "PDF reader" }));
  await page.goto("/about");
  await page.getByRole("button", { name: "Help" }).click();
  const opened = context.waitForEvent("page");
  await page
    .getByRole("dialog", { name: "Help" })
    .getByRole("link", { name: /PDF reader/ })
    .click();
  const tab = await opened;
  await expect.poll(() => tab.url()).toBe(partner.links.pdfReader);
  await expect(page).toHaveURL(/\/about$/);
});

test("the Account popover's × closes it, by mouse and by keyboard, and gives focus back", async ({
  page,
}) => {
  await page.goto("/about");
  const account = page.getByRole("button", { name: "Account" });
  await account.click();
  const popover = page.getByRole("dialog", { name: "Account" });
  await expect(popover).toBeVisible();
  await expectNoAxeViolations(page);
  await popover.getByRole("button", { name: "Close" }).click();
  await expect(popover).toBeHidden();
  await expect(account).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(popover).toBeVisible();
  const close = popover.getByRole("button", { name: "Close" });
  await tabTo(page, close, 10);
  await page.keyboard.press("Enter");
  await expect(popover).toBeHidden();
  await expect(account).toBeFocused();
  await page.keyboard.press("Space");
  await expect(popover).toBeVisible();
  await tabTo(page, close, 10);
  await page.keyboard.press("Space");
  await expect(popover).toBeHidden();
});

test("the header's home link is named by its text", async ({ page }) => {
  await page.goto("/about");
  const home = page.getByRole("link", { name: `${partner.name} application home` });
  await expect(home).toHaveAttribute("href", "/about");
  await expect(home).not.toHaveAttribute("aria-label", /.*/);
  await expect(home).toContainText(partner.name);
});

test("a visitor's first visit paints the page's first screen from the HTML; the app replaces it", async ({
  page,
}) => {
  // Decision 0018: the form pages' first screen is in the HTML a visitor receives...
  const html = await (await page.request.get("/education")).text();
  expect(html).toContain("data-static-shell");
  expect(html).toContain("<h1>Your Academics</h1>");
  // The screen's own title, which the app then leaves as it is.
  expect(html).toContain(`<title>Your Academics – ${partner.name} Application</title>`);
  expect(html).toContain("Welcome!");

  // ...and the app takes its place: one h1, the real page's, and the fields.
  await page.goto("/education");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Academics");
  await expect(page.locator("[data-static-shell]")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Create an account" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a visitor's first screen is styled by its HTML alone, before any script or stylesheet loads", async ({
  browser,
}) => {
  // Decision 0018: the stylesheet is inlined in the shell, so the first paint waits for nothing else.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const stylesheets: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet") stylesheets.push(request.url());
  });
  await page.goto("/about");
  // The shell is hidden from assistive technology until the app replaces it: found by its tags.
  await expect(page.locator("[data-static-shell] h1")).toHaveText("About You");
  await expect(page.locator(".site-header")).toHaveCSS("background-color", "rgb(31, 58, 95)");
  expect(stylesheets).toEqual([]);
  await context.close();
});

test("a visitor's first visit to /login paints the Sign In card from the HTML, where the app then puts it", async ({
  browser,
  page,
}) => {
  // Decision 0018: the shell alone (no JavaScript), as it paints before the app has loaded...
  const bare = await browser.newContext({ javaScriptEnabled: false });
  const shellPage = await bare.newPage();
  await shellPage.goto("/login");
  const shellHeading = await shellPage.locator("[data-static-shell] h1").boundingBox();
  const shellEmail = await shellPage.locator("[data-static-shell] input[type=email]").boundingBox();
  const shellFooter = await shellPage.locator("[data-static-shell] .site-footer").boundingBox();
  await bare.close();
  expect(shellHeading).not.toBeNull();

  // ...and the app in its place: the same boxes where they were, the email field focused.
  await page.goto("/login");
  const email = page.getByRole("textbox", { name: "Email" });
  await expect(email).toBeFocused();
  await expect(page.locator("[data-static-shell]")).toHaveCount(0);
  expect(await page.getByRole("heading", { level: 1, name: "Sign In" }).boundingBox()).toEqual(shellHeading);
  expect(await email.boundingBox()).toEqual(shellEmail);
  expect(await page.locator(".site-footer").boundingBox()).toEqual(shellFooter);
  await expectNoAxeViolations(page);
});

test("a signed-in applicant's first visit paints their own first screen, which the app replaces with the same banner", async ({
  page,
}) => {
  // Decision 0018: one login (the test hook records none: spec §3 counts 1), so "Hello!".
  const username = await signIn(page);
  const html = await (await page.request.get("/education")).text();
  expect(html).toContain("data-static-shell");
  expect(html).toContain("<h1>Your Academics</h1>");
  expect(html).toContain("<h2>Hello!</h2>");
  expect(html).not.toContain("Welcome!");
  expect(html).not.toContain("Create an account");
  expect(html).not.toContain(username);

  // The browser receives that screen, and the app takes its place with the same banner.
  const response = await page.goto("/education");
  expect(await response?.text()).toContain("<h2>Hello!</h2>");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Academics");
  await expect(page.locator("[data-static-shell]")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 2, name: "Hello!" })).toBeVisible();
  await expect(page.locator(".welcome-banner")).toHaveCount(1);
  await expectNoAxeViolations(page);
});

test("a signed-in applicant whose session has ended gets the bare shell, and the app sends them to sign in", async ({
  page,
  context,
}) => {
  await signIn(page);
  // The session cookie goes; the hint stays, as in a browser whose session the server forgot.
  const cookies = await context.cookies();
  await context.clearCookies();
  await context.addCookies(cookies.filter((cookie) => cookie.name !== SESSION_COOKIE));
  const html = await (await page.request.get("/about")).text();
  expect(html).not.toContain("data-static-shell");
  expect(html).toContain('<div id="root"></div>');
  await page.goto("/about");
  await expect(page).toHaveURL(/\/login$/);
  // Told why (spec §8's catalogue); nothing of theirs was on this device, so no "kept" notice.
  await expect(
    page.getByText("You have been signed out. Please sign in again to go on with your application."),
  ).toBeVisible();
  await expect(page.getByText(/Your answers are kept on this device/)).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test.describe("the start-up's second file (src/app/app-start.tsx)", () => {
  // Served from the network only, so its request can be refused.
  test.use({ serviceWorkers: "block" });
  const APP_START_SCRIPT = /\/assets\/app-[^/]+\.js$/;

  test("the HTML names React's file alone; the rest of the start-up is asked for by it, and tried again when it fails", async ({
    page,
  }) => {
    // Skipped in a browser that keeps a failed import() failed (the npm package's Chromium 153):
    // the retry this test checks cannot happen there. CI's system Chromium always runs it.
    await skipUnlessImportsRetried(page);
    const html = await (await page.request.get("/about")).text();
    expect(html.match(/<script[^>]*src="[^"]*"/g)).toEqual([
      expect.stringMatching(/\/assets\/index-[^/]+\.js"$/),
    ]);
    expect(html).not.toMatch(APP_START_SCRIPT);

    let refused = 0;
    await page.route(APP_START_SCRIPT, (route) => {
      if (refused > 0) return route.continue();
      refused += 1;
      return route.abort("failed");
    });
    await page.goto("/about");
    await expect(page.getByRole("textbox", { name: "Legal First Name" })).toBeEditable();
    expect(refused).toBe(1);
  });

  test("when it cannot be had online, the page says so instead of standing still", async ({ page }) => {
    // Skipped in a browser that keeps a failed import() failed (the npm package's Chromium 153):
    // the retry this test checks cannot happen there. CI's system Chromium always runs it.
    await skipUnlessImportsRetried(page);
    let asked = 0;
    await page.route(APP_START_SCRIPT, (route) => {
      asked += 1;
      return route.abort("failed");
    });
    await page.goto("/about");
    await expect(page.getByRole("alert")).toHaveText(
      "We've encountered an unexpected error at this time. Please try again later.",
    );
    expect(asked).toBeGreaterThan(1);
    await expect(page.locator("[data-static-shell]")).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

test("the logo banner shows the institution's logo, named by its name, painted with the first screen where the app keeps it", async ({
  browser,
  page,
}) => {
  // Spec §2: form pages have a logo banner. The prerendered first screen (no JavaScript) has it...
  const bare = await browser.newContext({ javaScriptEnabled: false });
  const shellPage = await bare.newPage();
  await shellPage.goto("/about");
  const shellLogo = await shellPage.locator("[data-static-shell] .logo-banner [role=img]").boundingBox();
  await bare.close();
  expect(shellLogo).not.toBeNull();

  // ...and the app's, an image whose text alternative is the institution's name, in the same place.
  // Drawn inline (issue 15: an SVG image costs a document of its own): no request, no shift.
  await page.goto("/about");
  await expect(page.locator("[data-static-shell]")).toHaveCount(0);
  const logo = page.getByRole("banner").getByRole("img", { name: partner.name, exact: true });
  await expect(logo).toBeVisible();
  // The configured logo's own markup (partner configuration), named by the image that holds it.
  await expect(logo.locator("svg")).toHaveCount(1);
  expect(await logo.boundingBox()).toEqual(shellLogo);
  await expectNoAxeViolations(page);
});
