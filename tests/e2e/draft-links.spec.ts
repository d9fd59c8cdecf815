import { randomUUID } from "node:crypto";
import type { Browser, Locator, Page } from "@playwright/test";
import { decodeQR } from "qr/decode.js";
import { recordSpeech, spoken } from "./a11y-probes";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { tabTo } from "./keyboard";
import { waitForMail } from "./mail-outbox";
import { controlledByServiceWorker } from "./service-worker";
import { serverAnswers, signIn } from "./session";

// "Continue on another device" (issue 16): an anonymous draft travels by link, QR code or e-mail.

const LINK = /^http:\/\/127\.0\.0\.1:\d+\/about\?token=[A-Za-z0-9_-]{43}$/;

const firstName = (page: Page) => page.getByRole("textbox", { name: "Legal First Name" });
const lastName = (page: Page) =>
  page.getByRole("region", { name: "Your name" }).getByRole("textbox", { name: "Last Name" });
const preferredName = (page: Page) => page.getByRole("textbox", { name: /Preferred Name/ });
const middleName = (page: Page) => page.getByRole("textbox", { name: "Middle Name" });
const dialog = (page: Page) => page.getByRole("dialog", { name: "Continue on another device" });
const continueButton = (page: Page) =>
  page.getByRole("region", { name: "Welcome!" }).getByRole("button", { name: "Continue on another device" });

/** The link the dialog shows, once it has been made. */
async function shownLink(page: Page): Promise<string> {
  const field = dialog(page).getByRole("textbox", { name: "Your link" });
  await expect(field).toHaveValue(LINK);
  return field.inputValue();
}

/** A visitor types a first name on About You and makes a link to it. */
async function linkToFirstName(page: Page, name: string): Promise<string> {
  await page.goto("/about");
  await firstName(page).fill(name);
  await continueButton(page).click();
  return shownLink(page);
}

/** An absolute address in the app (a new browser context has no base URL of its own). */
function appUrl(path: string): string {
  return new URL(path, test.info().project.use.baseURL).toString();
}

const deviceErrors = new WeakMap<Page, string[]>();

/** Another device: a fresh browser context with nothing of the first one's. */
async function anotherDevice(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  deviceErrors.set(page, errors);
  return page;
}

/** Puts the other device away; like the test's own page, it must not have thrown. */
async function closeDevice(page: Page): Promise<void> {
  expect(deviceErrors.get(page), "page errors on the other device").toEqual([]);
  await page.context().close();
}

/** Reads the QR code as a phone's camera would: the drawn SVG, rasterised, then decoded. */
async function decodeShownQr(qr: Locator): Promise<string> {
  const image = await qr.evaluate(async (svg) => {
    const markup = new XMLSerializer().serializeToString(svg);
    const img = new Image();
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = img.width;
    canvas.height = img.height;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d canvas");
    context.drawImage(img, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width, height, data: Array.from(data) };
  });
  return decodeQR({ width: image.width, height: image.height, data: Uint8Array.from(image.data) });
}

test("an anonymous applicant takes their About You answers to another device with a link", async ({
  page,
  context,
  browser,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/about");
  // Nothing typed yet: nothing to take elsewhere.
  await expect(page.getByRole("heading", { name: "Welcome!" })).toBeVisible();
  await expect(continueButton(page)).toHaveCount(0);

  await firstName(page).fill("Ada");
  await lastName(page).fill("Lovelace");
  await preferredName(page).fill("Addie");
  await continueButton(page).click();
  const link = await shownLink(page);
  await expect(dialog(page)).toContainText("the 3 answers saved on this one");
  await expectNoAxeViolations(page);

  await dialog(page).getByRole("button", { name: "Copy link" }).click();
  await expect(dialog(page).getByRole("status").filter({ hasText: "Link copied." })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // The QR code is drawn on the device, from code loaded only now, and reads back as the link.
  const qrChunk = page.waitForResponse((response) => /\/assets\/qr-code-[\w-]+\.js$/.test(response.url()));
  await dialog(page).getByRole("button", { name: "Show QR code" }).click();
  await qrChunk;
  const qr = dialog(page).getByRole("img", { name: /QR code of your link/ });
  await expect(qr).toBeVisible();
  expect(await decodeShownQr(qr)).toBe(link);
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toBeHidden();

  // The other device has a draft of its own: a middle name, and a preferred name typed after the
  // link was made (the newer edit, so it stays).
  const other = await anotherDevice(browser);
  await other.goto(appUrl("/about"));
  await middleName(other).fill("King");
  await preferredName(other).fill("Addy");
  await expect(other.getByRole("status").filter({ hasText: "Saved on this device" })).toBeVisible();

  await other.goto(link);
  await expect(other.getByText("We've loaded your saved answers (2).")).toBeVisible();
  await expect(firstName(other)).toHaveValue("Ada");
  await expect(lastName(other)).toHaveValue("Lovelace");
  await expect(middleName(other)).toHaveValue("King");
  await expect(preferredName(other)).toHaveValue("Addy");
  // The token is gone from the address bar, and from the history entry.
  await expect(other).toHaveURL(/\/about$/);
  expect(await other.evaluate(() => window.location.search)).toBe("");
  await expectNoAxeViolations(other);

  // Later edits stay on that device: a reload does not load the link again.
  await lastName(other).fill("Byron");
  await expect(other.getByRole("status").filter({ hasText: "Saved on this device" })).toBeVisible();
  await other.reload();
  await expect(lastName(other)).toHaveValue("Byron");
  await expect(firstName(other)).toHaveValue("Ada");
  await page.reload();
  await expect(lastName(page)).toHaveValue("Lovelace");
  await expect(middleName(page)).toHaveValue("");
  await closeDevice(other);
});

test("an expired link opens the form with the device's answers and says the link is not valid", async ({
  page,
  browser,
}) => {
  const link = await linkToFirstName(page, "Ada");
  const token = new URL(link).searchParams.get("token");
  const expired = await page.request.post("/__test__/expire-draft-link", { data: { token } });
  expect(expired.ok()).toBe(true);

  const other = await anotherDevice(browser);
  await other.goto(appUrl("/about"));
  await firstName(other).fill("Grace");
  await expect(other.getByRole("status").filter({ hasText: "Saved on this device" })).toBeVisible();
  await other.goto(link);
  await expect(
    other
      .getByRole("alertdialog", { name: "The answers from your link were not added" })
      .getByText(/This link has expired or is not valid\./),
  ).toBeVisible();
  await expect(other.getByRole("heading", { level: 1, name: "About You" })).toBeVisible();
  await expect(firstName(other)).toHaveValue("Grace");
  await expect(other.getByText("Something went wrong.")).toHaveCount(0);
  await expect(other).toHaveURL(/\/about$/);
  await expectNoAxeViolations(other);
  await closeDevice(other);
});

test("a replaced link stops working; only the newest one opens the draft", async ({ page, browser }) => {
  const first = await linkToFirstName(page, "Ada");
  await page.keyboard.press("Escape");
  await firstName(page).fill("Augusta");
  await continueButton(page).click();
  const second = await shownLink(page);
  expect(second).not.toBe(first);

  const other = await anotherDevice(browser);
  await other.goto(first);
  await expect(other.getByText(/This link has expired or is not valid\./)).toBeVisible();
  await expect(firstName(other)).toHaveValue("");
  await other.goto(second);
  await expect(firstName(other)).toHaveValue("Augusta");
  await closeDevice(other);
});

test("a link opened on /completion by a visitor loads the answers into About You, never showing a submitted page", async ({
  page,
  browser,
}) => {
  const link = await linkToFirstName(page, "Ada");

  const other = await anotherDevice(browser);
  // Every h1 the page ever shows, from the first node on (a redirect after rendering would show one).
  await other.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { seenHeadings: seen });
    new MutationObserver(() => {
      for (const h1 of document.querySelectorAll("h1"))
        if (h1.textContent && !seen.includes(h1.textContent)) seen.push(h1.textContent);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await other.goto(link.replace("/about?", "/completion?"));
  await expect(other.getByText("We've loaded your saved answers (1).")).toBeVisible();
  await expect(firstName(other)).toHaveValue("Ada");
  await expect(other).toHaveURL(/\/about$/);
  expect(
    await other.evaluate(() => (window as unknown as { seenHeadings: string[] }).seenHeadings),
  ).not.toContain("Application submitted");
  await closeDevice(other);
});

test("a link is made, e-mailed and forgotten with the keyboard alone", async ({ page }) => {
  const address = `draft-${randomUUID().slice(0, 8)}@example.edu`;
  await page.goto("/about");
  await tabTo(page, firstName(page));
  await page.keyboard.type("Ada");

  const trigger = continueButton(page);
  await tabTo(page, trigger);
  await page.keyboard.press("Enter");
  const link = await shownLink(page);
  // Focus moves to the link as it appears, ready to copy.
  await expect(dialog(page).getByRole("textbox", { name: "Your link" })).toBeFocused();

  await page.keyboard.press("Tab");
  await expect(dialog(page).getByRole("button", { name: "Copy link" })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(dialog(page).getByRole("img", { name: /QR code of your link/ })).toBeVisible();

  const email = dialog(page).getByRole("textbox", { name: /E-mail me this link/ });
  await tabTo(page, email);
  await page.keyboard.type("not-an-address");
  await recordSpeech(page);
  await page.keyboard.press("Enter");
  await expect(email).toBeFocused();
  // Shown at the field and linked to it (the dialog's live region holds the same words, unseen).
  await expect(email).toHaveAccessibleDescription(/Your email address must be valid\./);
  await expect(email).toHaveAttribute("aria-invalid", "true");
  // Focus did not move, so the error is said (issue 37): once.
  await expect
    .poll(async () =>
      (await spoken(page)).filter((entry) => entry.kind === "live").map((entry) => entry.text),
    )
    .toEqual(["Your email address must be valid."]);
  await expectNoAxeViolations(page);
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(address);
  await page.keyboard.press("Enter");
  await expect(
    dialog(page)
      .getByRole("status")
      .filter({ hasText: `We've sent the link to ${address}.` }),
  ).toBeVisible();
  const [mailed] = await waitForMail(address, /http:\/\/\S+\/about\?token=[A-Za-z0-9_-]{43}/);
  expect(mailed).toBe(link);

  await tabTo(page, dialog(page).getByRole("button", { name: "Forget this link" }));
  await page.keyboard.press("Enter");
  await expect(
    dialog(page).getByText("This link no longer works. Your answers are still on this device."),
  ).toBeVisible();
  await expect(dialog(page).getByRole("button", { name: "Make a new link" })).toBeFocused();
  const gone = await page.request.get(`/public/tmp?token=${new URL(link).searchParams.get("token")}`);
  expect(gone.status()).toBe(404);
  await expectNoAxeViolations(page);

  await page.keyboard.press("Escape");
  await expect(dialog(page)).toBeHidden();
  await expect(trigger).toBeFocused();
});

test("offline, the control says a link needs a connection, and the link comes once back online", async ({
  page,
  context,
}) => {
  await page.goto("/about");
  // The service worker has precached every chunk (the dialog's too) and controls the page.
  await controlledByServiceWorker(page);
  await firstName(page).fill("Ada");

  await context.setOffline(true);
  await expect(page.getByText("You're offline: making a link needs a connection.")).toBeVisible();
  await expect(continueButton(page)).toHaveAccessibleDescription(
    "You're offline: making a link needs a connection.",
  );

  // From the account menu this time: the popover closes and the dialog opens.
  await page.getByRole("button", { name: "Account" }).click();
  await page
    .getByRole("dialog", { name: "Account" })
    .getByRole("button", { name: "Continue on another device" })
    .click();
  await expect(page.getByRole("dialog", { name: "Account" })).toBeHidden();
  await expect(dialog(page).getByText(/You're offline\. Making a link needs a connection/)).toBeVisible();
  await expectNoAxeViolations(page);

  await context.setOffline(false);
  await shownLink(page);
  // Closing the dialog returns focus to the account menu's button, where the applicant was.
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByRole("button", { name: "Account" })).toBeFocused();
});

test("a page with a token answered by the service worker is also sent with no referrer", async ({ page }) => {
  await page.goto("/about");
  await controlledByServiceWorker(page);

  const withToken = await page.goto(`/about?token=${"A".repeat(43)}`);
  expect(withToken?.fromServiceWorker()).toBe(true);
  expect(withToken?.headers()["referrer-policy"]).toBe("no-referrer");
  await expect(page.getByText(/This link has expired or is not valid\./)).toBeVisible();
  const without = await page.goto("/education");
  expect(without?.fromServiceWorker()).toBe(true);
  expect(without?.headers()["referrer-policy"]).not.toBe("no-referrer");
});

test("a signed-in applicant is asked before a link's answers join the application", async ({
  page,
  browser,
}) => {
  // The link is made anonymously on another device.
  const device = await anotherDevice(browser);
  await device.goto(appUrl("/about"));
  await firstName(device).fill("Ada");
  await lastName(device).fill("Lovelace");
  await continueButton(device).click();
  const link = await shownLink(device);
  await closeDevice(device);

  await signIn(page);
  await page.goto("/about");
  await middleName(page).fill("King");
  await expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();

  await page.goto(link);
  const question = page.getByRole("alertdialog", { name: "Add your saved answers?" });
  await expect(question).toHaveAccessibleDescription(/holds 2 answers saved on another device/);
  await expect(page).toHaveURL(/\/about$/);
  // Nothing joins the application before the applicant agrees.
  await expect(firstName(page)).toHaveValue("");
  await expectNoAxeViolations(page);
  await question.getByRole("button", { name: "Add answers" }).click();
  await expect(page.getByText("We've loaded your saved answers (2).")).toBeVisible();
  // The dialog came with the page, not from a control: focus goes to the page's start, not <body>.
  await expect(page.getByRole("heading", { level: 1, name: "About You" })).toBeFocused();
  await expect(firstName(page)).toHaveValue("Ada");
  await expect(middleName(page)).toHaveValue("King");
  await expect
    .poll(() => serverAnswers(page))
    .toMatchObject({ first_name: "Ada", last_name: "Lovelace", middle_name: "King" });

  // "Not now" leaves the application as it is.
  await firstName(page).fill("Augusta");
  await expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();
  await page.goto(link);
  await page
    .getByRole("alertdialog", { name: "Add your saved answers?" })
    .getByRole("button", { name: "Not now" })
    .click();
  await expect(page.getByRole("alertdialog", { name: "Add your saved answers?" })).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "About You" })).toBeFocused();
  await expect(firstName(page)).toHaveValue("Augusta");
  expect((await serverAnswers(page)).first_name).toBe("Augusta");
});
