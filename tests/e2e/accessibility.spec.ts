import type { Locator, Page } from "@playwright/test";
import { CERTIFICATION_TEXT, WAIVER_TEXT } from "../../src/form/pages/final-steps";
import { recordSpeech, type Speech, spoken } from "./a11y-probes";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { checkBox, chooseOption, radioGroup, region, selectButton, tabTo, typeInto } from "./keyboard";
import { serverProfile, signIn, signInValidating } from "./session";

// Issue 17: say what is required before Submit, say what is wrong after it, and announce it once
// (WCAG 2.2 AA 1.3.1, 3.3.1, 3.3.2, 3.3.3, 4.1.2, 4.1.3; decision 0016). Each state is checked
// with axe, with no rule excluded.

const SUMMARY = "We're missing some information!";
const status = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });

/** The visible text of a control's label (the required mark is hidden from its accessible name). */
const visibleLabel = (control: Locator) =>
  control.evaluate((element) =>
    (
      (element as HTMLInputElement).labels?.[0] ?? element.closest("fieldset")?.querySelector("legend")
    )?.textContent?.trim(),
  );

async function webStatuses(page: Page): Promise<string[]> {
  return (await serverProfile(page)).web_status.map((entry) => entry.web_status).sort();
}

test("required questions are marked, explained once, exposed, and appear when their condition holds", async ({
  page,
}) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1, name: "About You" })).toBeVisible();
  await expect(page.getByText("Questions marked with an asterisk (*) are required.")).toHaveCount(1);

  // A text field: the mark beside its label, the required state on the input, the name unchanged.
  const firstName = region(page, "Your name").getByRole("textbox", { name: "Legal First Name", exact: true });
  await expect(firstName).toHaveAttribute("aria-required", "true");
  expect(await visibleLabel(firstName)).toBe("Legal First Name *");
  const middleName = region(page, "Your name").getByRole("textbox", { name: "Middle Name", exact: true });
  await expect(middleName).not.toHaveAttribute("aria-required", "true");
  expect(await visibleLabel(middleName)).toBe("Middle Name");
  // Groups: a radio group and a date's segments carry it; so does a select's combo box.
  await expect(radioGroup(page, "How do you wish to apply?")).toHaveAttribute("aria-required", "true");
  const birthDate = region(page, "About you").getByRole("group", { name: "Date of Birth" });
  for (const segment of await birthDate.getByRole("spinbutton").all()) {
    await expect(segment).toHaveAttribute("aria-required", "true");
  }
  const home = region(page, "Permanent address");
  await expect(selectButton(home, "Country")).toHaveAttribute("aria-required", "true");
  await expect(home.getByRole("combobox", { name: "Address" })).toHaveAttribute("aria-required", "true");
  // Required is a state, not an error: nothing is marked invalid before Submit.
  await expect(page.locator("[aria-invalid=true]")).toHaveCount(0);
  await expect(selectButton(region(page, "About you"), "Personal Pronouns")).not.toHaveAttribute(
    "aria-required",
    "true",
  );
  // No question calls itself optional any more: the mark is the one convention.
  await expect(page.getByText(/optional\./i)).toHaveCount(0);

  // Conditional requirements appear with their condition: a state and a ZIP code for the U.S.
  await expect(selectButton(home, "State/Province")).toHaveCount(0);
  await chooseOption(page, selectButton(home, "Country"), "United States");
  await expect(selectButton(home, "State/Province")).toHaveAttribute("aria-required", "true");
  const zip = home.getByRole("textbox", { name: "ZIP/Postal Code", exact: true });
  await expect(zip).toHaveAttribute("aria-required", "true");
  await expectNoAxeViolations(page);
  // Canada: a province, but no ZIP code required.
  await chooseOption(page, selectButton(home, "Country"), "Canada");
  await expect(selectButton(home, "State/Province")).toHaveAttribute("aria-required", "true");
  await expect(zip).not.toHaveAttribute("aria-required", "true");

  // A cell phone once text messages are asked for.
  const phones = region(page, "Phone numbers");
  const cell = phones.getByRole("textbox", { name: "Cell Phone", exact: true });
  await expect(cell).not.toHaveAttribute("aria-required", "true");
  await checkBox(page, phones.getByRole("checkbox", { name: /text message updates/ }));
  await expect(cell).toHaveAttribute("aria-required", "true");
  expect(await visibleLabel(cell)).toBe("Cell Phone *");
  await expectNoAxeViolations(page);

  // A month/year pair is a group: its legend is marked and each of its selects is required.
  await page.goto("/education");
  const graduation = page.getByRole("group", { name: "Graduation Date" });
  for (const name of ["Month", "Year"]) {
    await expect(graduation.getByRole("combobox", { name, exact: true })).toHaveAttribute(
      "aria-required",
      "true",
    );
  }
  expect(await graduation.locator("legend").textContent()).toBe("Graduation Date *");
  await expectNoAxeViolations(page);

  // The certification: a checkbox that must be checked.
  await page.goto("/final-steps");
  await expect(page.getByRole("checkbox", { name: /I certify/ })).toHaveAttribute("aria-required", "true");
  await expect(radioGroup(page, "criminal charges currently pending")).toHaveAttribute(
    "aria-required",
    "true",
  );
  await expectNoAxeViolations(page);
});

test("a failed Submit says one thing: the summary, focused, with its count; the fields' errors wait at the fields", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/final-steps");
  await expect(page.getByRole("heading", { level: 1, name: "Final Steps" })).toBeVisible();
  await expect(status(page, "All changes saved")).toBeVisible();
  await expectNoAxeViolations(page);

  const submit = page.getByRole("button", { name: "Submit application" });
  await tabTo(page, submit, 200);
  await recordSpeech(page);
  await page.keyboard.press("Enter");

  const summary = page.getByRole("region", { name: SUMMARY });
  const heading = summary.getByRole("heading", { name: SUMMARY });
  await expect(heading).toBeFocused();
  const count = await summary.getByRole("link").count();
  expect(count).toBeGreaterThan(20);
  await expect(heading).toHaveAccessibleDescription(`${count} answers need attention.`);
  // The validation report has reached the server: the submit has finished its work.
  await expect.poll(() => webStatuses(page)).toEqual(["started", "validating"]);

  // Nothing spoke but the focus move to the summary: no field's error region, no header status, no
  // button's busy state (React Aria's announcer, whose references used to dangle: role-img-alt).
  const said = await spoken(page);
  expect(said.filter((entry) => entry.kind !== "focus")).toEqual([]);
  expect(said.filter((entry) => entry.kind === "focus").at(-1)?.text).toBe(SUMMARY);
  await expect(page.locator("[data-live-announcer] [role=img]")).toHaveCount(0);

  // The h1 comes first; the summary's step names are not headings that repeat the pages' titles.
  const headings = await page
    .locator("#main")
    .getByRole("heading")
    .evaluateAll((all) => all.map((h) => `${h.tagName} ${h.textContent}`));
  expect(headings[0]).toBe("H1 Final Steps");
  expect(headings.indexOf(`H2 ${SUMMARY}`)).toBeGreaterThan(0);
  await expect(summary.getByRole("heading")).toHaveCount(1);
  await expect(summary.getByRole("list", { name: "About You" })).toBeVisible();

  // At the field: "Error:", then the spec's question text, as its summary link says (issue 30).
  const certification = page.getByRole("checkbox", { name: /I certify/ });
  await expect(certification).toHaveAccessibleDescription(`Error: ${CERTIFICATION_TEXT}`);
  await expect(certification).toHaveAttribute("aria-invalid", "true");
  await expect(summary.getByRole("link", { name: CERTIFICATION_TEXT, exact: true })).toHaveAttribute(
    "href",
    "/final-steps#legal_agree",
  );
  await expect(radioGroup(page, "Do you waive your right")).toHaveAccessibleDescription(
    `Error: ${WAIVER_TEXT}`,
  );
  await expectNoAxeViolations(page);

  // Following a link: the field says its name, that it is required, and then what is wrong.
  await summary.getByRole("link", { name: "Legal First Name" }).first().click();
  await expect(page).toHaveURL(/\/about#first_name$/);
  const firstName = region(page, "Your name").getByRole("textbox", { name: "Legal First Name", exact: true });
  await expect(firstName).toBeFocused();
  await expect(firstName).toHaveAttribute("aria-required", "true");
  await expect(firstName).toHaveAccessibleDescription("Error: Legal First Name");
  const aboutHeadings = await page
    .locator("#main")
    .getByRole("heading")
    .evaluateAll((all) => all.map((h) => h.tagName));
  expect(aboutHeadings[0]).toBe("H1");
  // The summary does not take focus again on another page.
  await expect(page.getByRole("heading", { name: SUMMARY })).not.toBeFocused();
  await expectNoAxeViolations(page);
});

test("leaving a field with a wrong value says its error once; the field's own error is read when it is reached", async ({
  page,
}) => {
  // Fields show errors once the application is validating (after a first Submit).
  await signInValidating(page);
  await page.goto("/about");
  await expect(page.getByRole("heading", { name: SUMMARY })).toBeVisible();
  const phones = region(page, "Phone numbers");
  const home = phones.getByRole("textbox", { name: "Home Phone", exact: true });
  await typeInto(page, home, "555");
  await recordSpeech(page);
  await page.keyboard.press("Tab");
  const message = "Error: Please enter a valid home phone number.";
  await expect(home).toHaveAccessibleDescription(message);
  await expect
    .poll(async () =>
      (await spoken(page)).filter((entry) => entry.kind === "live").map((entry) => entry.text),
    )
    .toEqual([message]);
  // Going back to it and leaving it again, still wrong: nothing new to say.
  await page.keyboard.press("Shift+Tab");
  await expect(home).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(phones.getByRole("textbox", { name: "Cell Phone", exact: true })).toBeFocused();
  expect((await spoken(page)).filter((entry) => entry.kind === "live")).toHaveLength(1);
  await expectNoAxeViolations(page);
});

test("the save status waits until a failed Submit has been heard, then says the news", async ({ page }) => {
  await signIn(page);
  await page.goto("/final-steps");
  await expect(status(page, "All changes saved")).toBeVisible();

  // The server is busy: the header says so (news), and the client comes back after its Retry-After.
  let refusedSaves = 0;
  await page.route("**/api/answer", (route) => {
    refusedSaves++;
    return route.fulfill({
      status: 503,
      contentType: "application/json",
      headers: { "Retry-After": "1" },
      body: '{"message":"Busy"}',
    });
  });
  await radioGroup(page, "convicted").getByRole("radio", { name: "No" }).focus();
  await page.keyboard.press("Space");
  await expect(status(page, /The server is busy/)).toBeVisible();
  await expectNoAxeViolations(page);
  await expect.poll(() => refusedSaves).toBeGreaterThanOrEqual(3);

  const submit = page.getByRole("button", { name: "Submit application" });
  await tabTo(page, submit, 200);
  await page.unrouteAll({ behavior: "wait" });
  await recordSpeech(page);
  await page.keyboard.press("Enter");
  const heading = page.getByRole("heading", { name: SUMMARY });
  await expect(heading).toBeFocused();
  // The Submit sent the answer, so the trouble is over: "All changes saved" is news, said after the summary.
  await expect(status(page, "All changes saved")).toBeVisible();
  const header = page.locator(".site-header p[aria-live=polite]");
  await expect(header).toHaveText("All changes saved");
  const said = await spoken(page);
  const focused = said.find((entry) => entry.kind === "focus" && entry.text === SUMMARY);
  const saved = said.find((entry: Speech) => entry.kind === "live" && entry.text === "All changes saved");
  expect(focused, "the summary took focus").toBeDefined();
  expect(saved, "the header said the news").toBeDefined();
  // At least the quiet time after the Submit (4 s) passes between the two (a busy machine only adds).
  expect((saved?.at ?? 0) - (focused?.at ?? 0)).toBeGreaterThan(3_000);
  expect(said.filter((entry) => entry.kind !== "focus" && entry !== saved)).toEqual([]);
  await expectNoAxeViolations(page);
});

test("a filled page before submission and the same page offline pass axe", async ({ page, context }) => {
  await signIn(page);
  await page.goto("/about");
  await expect(status(page, "All changes saved")).toBeVisible();
  const name = region(page, "Your name");
  await typeInto(page, name.getByRole("textbox", { name: "Legal First Name", exact: true }), "Ada");
  await typeInto(page, name.getByRole("textbox", { name: "Last Name", exact: true }), "Lovelace");
  await chooseOption(page, selectButton(region(page, "Permanent address"), "Country"), "United States");
  await typeInto(
    page,
    region(page, "Phone numbers").getByRole("textbox", { name: "Home Phone", exact: true }),
    "12",
  );
  await page.keyboard.press("Tab");
  await expect(status(page, "All changes saved")).toBeVisible();
  await expectNoAxeViolations(page);

  await context.setOffline(true);
  await typeInto(page, name.getByRole("textbox", { name: "Middle Name", exact: true }), "King");
  await expect(status(page, /will sync when you're back online/)).toBeVisible();
  await expectNoAxeViolations(page);
  await context.setOffline(false);
});
