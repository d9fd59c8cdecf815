import { readFileSync } from "node:fs";
import { expect, expectNoAxeViolations, test } from "../e2e/fixtures";
import { chooseOption, chooseRadio, radioGroup, region, selectButton } from "../e2e/keyboard";

// Issue 31: an institution's own configuration, without code. The example institution
// (partners/lakeside-college.json) is built with PARTNER_CONFIG and served on its own
// (playwright.partner.config.ts); its name, codes, term and a major of its own are on the pages,
// the shipped institution's nowhere.

const example = JSON.parse(readFileSync("partners/lakeside-college.json", "utf8"));
const SHIPPED = "Northbridge";

test("the first screen, before any script, is the example institution's", async ({ request }) => {
  const html = await (await request.get("/about")).text();
  expect(html).toContain(`<title>About You – ${example.name} Application</title>`);
  expect(html).toContain(example.applicationTitle);
  expect(html).toContain(example.terms.current);
  expect(html).toContain(`There is no application fee to apply to ${example.name}.`);
  expect(html).not.toContain(SHIPPED);
  const manifest = await (await request.get("/manifest.webmanifest")).json();
  expect(manifest).toMatchObject({ name: `${example.name} Application`, short_name: example.appShortName });
  expect(await (await request.get("/icons/favicon.svg")).text()).toContain('fill="#0f5e4d"');
  // The admissions office's review (its own build, decision 0022) is the same institution's.
  const review = await (await request.get("/staff/sign-in")).text();
  expect(review).toContain(`<title>Application review – ${example.name}</title>`);
  expect(review).not.toContain(SHIPPED);
});

test("About You names the example institution, its help desk and its FAFSA code", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1, name: "About You" })).toBeVisible();
  await expect(page).toHaveTitle(`About You – ${example.name} Application`);
  await expect(page.getByRole("link", { name: `${example.name} application home` })).toBeVisible();
  const footer = page.getByRole("contentinfo");
  for (const line of example.addressLines) await expect(footer).toContainText(line);
  await expect(footer).toContainText(example.phone);
  await expect(footer.getByRole("link", { name: example.helpEmail })).toHaveAttribute(
    "href",
    `mailto:${example.helpEmail}`,
  );
  await expect(
    page.getByText(`${example.name}'s FAFSA school code is ${example.testCodes.fafsa}.`),
  ).toBeVisible();
  await expect(selectButton(page, `How did you hear about ${example.name}?`)).toBeVisible();
  await expect(page.locator("body")).not.toContainText(SHIPPED);
  await expectNoAxeViolations(page);
  await chooseRadio(page, radioGroup(page, "How do you wish to apply?"), "Transfer");
});

test("Your Academics asks for its term, gives its SAT and ACT codes and offers a major of its own", async ({
  page,
}) => {
  test.slow();
  await page.goto("/about");
  await chooseRadio(page, radioGroup(page, "How do you wish to apply?"), "Transfer");
  // Anonymous with an answer, the step link leads to Create Account (spec §4): go straight there.
  await page.goto("/education");
  await expect(page.getByRole("heading", { level: 1, name: "Your Academics" })).toBeVisible();

  await expect(radioGroup(page, `Are you applying for ${example.terms.current}?`)).toBeVisible();
  await chooseRadio(page, radioGroup(page, "consider your standardized test scores"), "Yes");
  await expect(
    region(page, "SAT").getByText(`${example.name} with SAT code ${example.testCodes.sat}`),
  ).toBeVisible();
  await expect(
    region(page, "ACT").getByText(`${example.name} with ACT code ${example.testCodes.act}`),
  ).toBeVisible();

  // Its own major asks its own program question; the shipped institution's majors are not offered.
  const program = region(page, "Your program");
  const major = selectButton(program, "What are you interested in studying?");
  await chooseOption(page, major, "Marine Science");
  await expect(radioGroup(program, "Master of Science in Environmental Science")).toBeVisible();
  await expect(page.locator("body")).not.toContainText(SHIPPED);
  await expectNoAxeViolations(page);
});
