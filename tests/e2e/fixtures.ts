import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/** Every page a test visits is checked with axe (WCAG 2.2 AA rules); any violation fails the test. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary, "axe violations").toEqual([]);
}

/** Fails the test on any uncaught page error or console error (CSP violations show up there). */
export const test = base.extend<{ failOnPageErrors: undefined }>({
  failOnPageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error" && !message.text().includes("net::ERR_INTERNET_DISCONNECTED")) {
          errors.push(message.text());
        }
      });
      await use(undefined);
      expect(errors, "page errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
