import type { Browser, BrowserContext, Page } from "@playwright/test";
import { partner } from "../../src/config/partner";
import { expect, expectNoAxeViolations, test } from "./fixtures";

// Issue 35 point 2, decision 0018: a page asked in Spanish (the applicant chose it: the app's
// language cookie; or a link's ?lang=es) paints its prerendered first screen in Spanish from the
// HTML, before any script runs, and the app replaces it with the same Spanish screen: no English
// in between, nothing moved.

// The server's first screens are for loads the service worker does not answer (it answers
// navigations with the bare index.html): a first visit, or a browser without it.
test.use({ serviceWorkers: "block" });

const SHELL = "[data-static-shell]";

/** The page as it paints from its HTML alone (scripts off), with the cookies of `from`. */
async function withoutScripts(browser: Browser, from: BrowserContext | null, url: string) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  if (from) await context.addCookies(await from.cookies());
  const page = await context.newPage();
  await page.goto(url);
  return { context, page };
}

/**
 * Records, from the document's start, every h1's text, every `<html lang>` and the layout shifts,
 * so that a flash of English (the English shell, or the app's first render in English) is seen
 * even if it lasts one frame.
 */
async function recordFirstPaints(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = { headings: [] as string[], langs: [] as string[], shifts: [] as string[] };
    (window as unknown as { firstPaints: typeof seen }).firstPaints = seen;
    const note = () => {
      for (const heading of document.querySelectorAll("h1")) {
        const text = heading.textContent ?? "";
        if (text && !seen.headings.includes(text)) seen.headings.push(text);
      }
      const lang = document.documentElement.lang;
      if (lang && seen.langs.at(-1) !== lang) seen.langs.push(lang);
    };
    new MutationObserver(note).observe(document, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ["lang"],
    });
    new PerformanceObserver((list) => {
      type Source = { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
      const named = (node: Node | undefined) =>
        node instanceof Element
          ? `${node.localName}${node.className ? `.${String(node.className).replaceAll(" ", ".")}` : ""}`
          : (node?.nodeName ?? "a node gone since");
      const rect = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}×${r.height}`;
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: Source[];
      })[]) {
        // Each shift with what moved, so a failure says which node and from where to where.
        if (entry.hadRecentInput) continue;
        const moved = entry.sources.map(
          (s) => `${named(s.node)} ${rect(s.previousRect)} → ${rect(s.currentRect)}`,
        );
        seen.shifts.push(
          `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved.join("; ")}`,
        );
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

const firstPaints = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { firstPaints: { headings: string[]; langs: string[]; shifts: string[] } })
        .firstPaints,
  );

const box = (page: Page, selector: string) => page.locator(selector).first().boundingBox();

test("a visitor who chose Spanish gets About You in Spanish from the HTML, then the app's same Spanish screen", async ({
  browser,
  page,
  context,
}) => {
  // The applicant chooses Spanish: the app keeps the choice in a cookie for the server.
  await page.goto("/about");
  await page.getByRole("button", { name: "Español" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sobre usted" })).toBeVisible();
  await expect
    .poll(async () => (await context.cookies()).find((cookie) => cookie.name === "adm_language"))
    .toMatchObject({ value: "es", path: "/", sameSite: "Lax", httpOnly: false });

  // Scripts off: what paints before any script has run is the Spanish first screen.
  const bare = await withoutScripts(browser, context, "/about");
  const shellPage = bare.page;
  await expect(shellPage.locator("html")).toHaveAttribute("lang", "es");
  await expect(shellPage).toHaveTitle(`Sobre usted – Solicitud de ${partner.es?.name ?? partner.name}`);
  await expect(shellPage.locator(`${SHELL} h1`)).toHaveText("Sobre usted");
  await expect(shellPage.locator(`${SHELL} .welcome-banner h2`)).toHaveText("¡Bienvenido/a!");
  await expect(shellPage.locator(`${SHELL} .step-nav`)).toContainText("Paso uno");
  // The save state's words, then the room kept for the note on a storage the browser may clear
  // (not shown: its text only holds the place, in the same language).
  await expect(shellPage.locator(`${SHELL} .sync-status`)).toHaveText(
    /^Guardado en este dispositivo \(este navegador podría borrarlo/,
  );
  await expect(shellPage.locator(`${SHELL} .sync-status__note--room`)).toBeHidden();
  await expect(shellPage.locator(SHELL)).not.toContainText("Welcome");
  const shellBoxes = {
    heading: await box(shellPage, `${SHELL} h1`),
    banner: await box(shellPage, `${SHELL} .welcome-banner`),
    steps: await box(shellPage, `${SHELL} .step-nav`),
  };
  await bare.context.close();
  expect(shellBoxes.heading).not.toBeNull();

  // Scripts on, the same browser: the app replaces it with the same screen, never English in
  // between, nothing moved.
  await recordFirstPaints(page);
  const response = await page.goto("/about");
  expect(await response?.text()).toContain("<h1>Sobre usted</h1>");
  await expect(page.getByRole("textbox", { name: "Nombre legal", exact: true })).toBeVisible();
  await expect(page.locator(SHELL)).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sobre usted");
  await expect(page.getByRole("heading", { level: 2, name: "¡Bienvenido/a!" })).toBeVisible();
  await expect(page).toHaveTitle(`Sobre usted – Solicitud de ${partner.es?.name ?? partner.name}`);
  expect(await box(page, "h1")).toEqual(shellBoxes.heading);
  expect(await box(page, ".welcome-banner")).toEqual(shellBoxes.banner);
  expect(await box(page, ".step-nav")).toEqual(shellBoxes.steps);
  const seen = await firstPaints(page);
  expect(seen.headings).toEqual(["Sobre usted"]);
  expect(seen.langs).toEqual(["es"]);
  expect(seen.shifts).toEqual([]);
  await expectNoAxeViolations(page);
});

test("a link with ?lang=es paints /education and /login in Spanish from the HTML, for a visitor who never chose", async ({
  browser,
  page,
}) => {
  const bare = await withoutScripts(browser, null, "/education?lang=es");
  await expect(bare.page.locator("html")).toHaveAttribute("lang", "es");
  await expect(bare.page.locator(`${SHELL} h1`)).toHaveText("Sus estudios");
  // Its description and the sentence shown without JavaScript are Spanish too.
  await expect(bare.page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    `Presente su solicitud a ${partner.es?.name ?? partner.name} como estudiante de transferencia, de segunda licenciatura o de programa acelerado.`,
  );
  const served = await (await bare.page.request.get("/education?lang=es")).text();
  expect(served).toContain(
    "<noscript>Esta aplicación necesita JavaScript. Actívelo en la configuración de su navegador.</noscript>",
  );
  await bare.page.goto("/login?lang=es");
  await expect(bare.page.locator("html")).toHaveAttribute("lang", "es");
  await expect(bare.page.locator(`${SHELL} .site-footer`)).toContainText("Ayuda");
  const switchBox = await box(bare.page, `${SHELL} .language-switch`);
  const cardBox = await box(bare.page, `${SHELL} .auth-card`);
  // Without the link or a choice, the same browser gets English.
  await bare.page.goto("/education");
  await expect(bare.page.locator("html")).toHaveAttribute("lang", "en");
  await expect(bare.page.locator(`${SHELL} h1`)).toHaveText("Your Academics");
  expect(await (await bare.page.request.get("/education")).text()).toContain(
    "<noscript>This application needs JavaScript. Please enable it in your browser's settings.</noscript>",
  );
  await bare.context.close();

  await recordFirstPaints(page);
  await page.goto("/login?lang=es");
  const english = page.getByRole("button", { name: "English" });
  await expect(english).toBeVisible();
  await expect(page.locator(SHELL)).toHaveCount(0);
  await expect(english).toHaveAttribute("lang", "en");
  expect(await english.boundingBox()).toEqual(switchBox);
  expect(await box(page, ".auth-card")).toEqual(cardBox);
  const seen = await firstPaints(page);
  expect(seen.langs).toEqual(["es"]);
  expect(seen.shifts).toEqual([]);
  await expectNoAxeViolations(page);
});

test("a device whose choice is English but whose cookie says Spanish (stale) shows English, says so in <html lang>, and renews the cookie", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: "adm_language", value: "es", url: baseURL ?? "" }]);
  await page.addInitScript(() => localStorage.setItem("language", "en"));
  const response = await page.goto("/about");
  // The server went by the cookie; the device's choice wins in the app, which replaces the shell.
  expect(await response?.text()).toContain("<h1>Sobre usted</h1>");
  await expect(page.getByRole("textbox", { name: "Legal First Name", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About You");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect
    .poll(async () => (await context.cookies()).find((cookie) => cookie.name === "adm_language")?.value)
    .toBe("en");
  // So the next page comes in English from the start.
  expect(await (await page.request.get("/about")).text()).toContain("<h1>About You</h1>");
  await expectNoAxeViolations(page);
});
