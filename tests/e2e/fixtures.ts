import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { systemToolsRequired } from "../helpers/system-tools";

/** Every page a test visits is checked with axe (WCAG 2.2 AA rules); any violation fails the test. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // A dialog fading in has its text at part opacity, which axe measures as low contrast: the page is
  // checked once its entry and exit animations have ended (an endless one, a spinner, never ends).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  // Nothing is excluded: React Aria's announcer used to hold "pending" announcements pointing at
  // buttons that no longer existed; the buttons no longer make them (PendingButton, decision 0016).
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary, "axe violations").toEqual([]);
}

/**
 * `E2E_CPU_THROTTLE=6`: every page of the test runs its scripts six times slower (Chromium's CPU
 * throttling), to find races that only a busy machine shows. Off by default.
 */
async function slowDownCpu(page: Page): Promise<void> {
  const rate = Number(process.env.E2E_CPU_THROTTLE ?? 1);
  if (!(rate > 1)) return;
  const throttle = async (target: Page) => {
    const cdp = await target.context().newCDPSession(target);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  };
  page.context().on("page", (opened) => void throttle(opened).catch(() => {}));
  await throttle(page);
}

/** Fails the test on any uncaught page error or console error (CSP violations show up there). */
export const test = base.extend<{ failOnPageErrors: undefined }>({
  failOnPageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        // Refused requests (400, 401, 429) are expected in tests that assert on them; the browser
        // logs each as "Failed to load resource". Script errors and CSP reports still fail the test.
        const text = message.text();
        if (
          message.type() === "error" &&
          !text.includes("net::ERR_INTERNET_DISCONNECTED") &&
          // Chromium's own line when its check for a new service worker finds the network gone
          // (registration waits for the page's load, which a busy machine can put after a test's
          // setOffline); the app catches the failed registration and tries again on the next visit.
          text !== "An unknown error occurred when fetching the script." &&
          !text.startsWith("Failed to load resource")
        ) {
          errors.push(text);
        }
      });
      await slowDownCpu(page);
      await use(undefined);
      expect(errors, "page errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Whether this browser fetches a module again when an earlier import() of it failed. Chromium 156
 * does; 153 (the one in @sparticuz/chromium, which the tests use without a system Chromium) keeps
 * the failure, so the app's retry of a part the network took cannot succeed there until the page
 * is reloaded. Tests of that retry are skipped in such a browser, saying why. Found by importing a
 * module of our origin that fails once (the page is left on /healthz).
 */
export async function retriesFailedImports(page: Page): Promise<boolean> {
  const PROBE = "**/__import-probe.js";
  let asked = 0;
  await page.route(PROBE, (route) => {
    asked += 1;
    if (asked === 1) return route.abort("failed");
    return route.fulfill({ contentType: "text/javascript", body: "export const found = true;" });
  });
  await page.goto("/healthz");
  const found = await page.evaluate(async () => {
    const load = () =>
      import(/* @vite-ignore */ `${location.origin}/__import-probe.js`).then(
        (module: { found?: boolean }) => module.found === true,
        () => false,
      );
    return (await load()) || (await load());
  });
  await page.unroute(PROBE);
  return found;
}

/**
 * Skips a test of the retry of a failed part in a browser that cannot retry (see
 * retriesFailedImports), saying why; with REQUIRE_SYSTEM_TOOLS (CI) the test runs, and fails.
 */
export async function skipUnlessImportsRetried(page: Page): Promise<void> {
  if (systemToolsRequired) return;
  // Skipped because the npm package's Chromium keeps a failed import() failed, so the retry under
  // test cannot happen in it; it runs with a system Chromium, and always in CI (returned above).
  test.skip(
    !(await retriesFailedImports(page)),
    "this browser keeps a failed import() failed (Chromium 153, the npm package's): the retry checked here cannot happen in it; run with a system Chromium",
  );
}
