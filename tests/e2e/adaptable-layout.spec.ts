import type { Page } from "@playwright/test";
import { clippedContent, type FocusRing, focusRing, smallTargets, TEXT_SPACING_CSS } from "./a11y-probes";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { signIn } from "./session";

// Issue 17, the layout criteria of WCAG 2.2 AA: reflow at 320 CSS pixels (1.4.10), 200 % zoom
// (1.4.4), text spacing (1.4.12), target size (2.5.8) and the focus ring's contrast (1.4.11),
// measured in Chromium on every form step, the summary after a failed Submit, and the sign-in
// screens. Each state also passes axe.

/** The screens to measure: anonymous form steps and account screens. */
const SCREENS = ["/about", "/education", "/final-steps", "/login", "/signup"] as const;

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  const h1 = page.getByRole("heading", { level: 1 });
  await expect(h1).toBeVisible();
  // The browser's title names the screen (2.4.2).
  await expect(page).toHaveTitle(`${await h1.textContent()} – Northbridge University Application`);
}

/** A signed-in applicant's last step after a failed Submit: the summary with every missing answer. */
async function openSummary(page: Page): Promise<void> {
  await signIn(page);
  await open(page, "/final-steps");
  // The applicant's own application has opened and the device has sent its start (the header says
  // so), as accessibility.spec.ts waits before its Submit: a failure to open it is told here.
  await expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();
  await page.getByRole("button", { name: "Submit application" }).click();
  await expect(page.getByRole("heading", { name: "We're missing some information!" })).toBeFocused();
}

test("every screen reflows at 320 CSS pixels wide: nothing scrolls sideways or is cut off, targets stay 24 px", async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of SCREENS) {
    await open(page, path);
    expect(await clippedContent(page), path).toEqual([]);
    expect(await smallTargets(page), path).toEqual([]);
    await expectNoAxeViolations(page);
  }
  await openSummary(page);
  expect(await clippedContent(page), "summary").toEqual([]);
  expect(await smallTargets(page), "summary").toEqual([]);
  await expectNoAxeViolations(page);
});

test("at 200 % zoom (a 1280 × 800 window) and with text alone at 200 %, nothing is lost", async ({
  page,
}) => {
  // Browser zoom halves the CSS viewport of a 1280 × 800 window.
  await page.setViewportSize({ width: 640, height: 400 });
  for (const path of SCREENS) {
    await open(page, path);
    expect(await clippedContent(page), `${path} zoomed`).toEqual([]);
    await expectNoAxeViolations(page);
  }
  // Text-only zoom: the browser's minimum font size or text scaling, on a full-width window.
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const path of SCREENS) {
    await open(page, path);
    await page.addStyleTag({ content: "html { font-size: 200% !important; }" });
    expect(await clippedContent(page), `${path} text at 200 %`).toEqual([]);
  }
});

test("with WCAG 1.4.12 text spacing (line 1.5, letters 0.12 em, words 0.16 em, paragraphs 2 em), no text is cut off", async ({
  page,
}) => {
  for (const width of [1280, 320]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of SCREENS) {
      await open(page, path);
      await page.addStyleTag({ content: TEXT_SPACING_CSS });
      expect(await clippedContent(page), `${path} at ${width}px`).toEqual([]);
    }
  }
  await openSummary(page);
  await page.addStyleTag({ content: TEXT_SPACING_CSS });
  expect(await clippedContent(page), "summary").toEqual([]);
  expect(await smallTargets(page), "summary").toEqual([]);
});

/** Tabs through the whole page from its top, measuring each focus ring once. */
async function ringsOnTheWayThrough(page: Page): Promise<FocusRing[]> {
  await page.locator("body").evaluate((body) => {
    (document.activeElement as HTMLElement | null)?.blur?.();
    body.focus();
  });
  const rings: FocusRing[] = [];
  const seen = new Set<string>();
  for (let stop = 0; stop < 250; stop++) {
    await page.keyboard.press("Tab");
    const id = await page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return "";
      if (!active.hasAttribute("data-ring-stop"))
        active.setAttribute("data-ring-stop", String(Math.random()));
      return active.getAttribute("data-ring-stop") ?? "";
    });
    if (id === "" || seen.has(id)) break;
    seen.add(id);
    const ring = await focusRing(page);
    if (ring) rings.push(ring);
  }
  return rings;
}

test("the focus ring has at least 3:1 contrast with what it is drawn on, in the dark header and on light areas", async ({
  page,
}) => {
  const weak = (rings: FocusRing[]) =>
    rings.filter((ring) => ring.contrast < 3 || ring.width < 2).map((ring) => JSON.stringify(ring));
  for (const path of ["/about", "/final-steps", "/login"]) {
    await open(page, path);
    const rings = await ringsOnTheWayThrough(page);
    expect(rings.length, `${path}: focus stops`).toBeGreaterThan(5);
    expect(weak(rings), path).toEqual([]);
    // The header's controls are on navy: measured, not skipped.
    if (path !== "/login") {
      expect(
        rings.some((ring) => ring.background === "rgb(31, 58, 95)"),
        `${path}: a ring on navy`,
      ).toBe(true);
    }
  }
  await openSummary(page);
  const rings = await ringsOnTheWayThrough(page);
  expect(weak(rings), "summary").toEqual([]);
  expect(rings.some((ring) => ring.element.startsWith("a "))).toBe(true);
  await expectNoAxeViolations(page);
});
