import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { CERTIFICATION_TEXT, WAIVER_TEXT } from "../../src/form/pages/final-steps";
import { MISSING_INFORMATION_MESSAGE } from "../../src/shared/messages";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { chooseOption, region, selectButton } from "./keyboard";
import { CLIENT_HEADERS, serverAnswers, signInValidating } from "./session";

// Issue 30 (item 6): what a field says, and what the validation summary says about it, are the
// spec's words (§5) and the same words; a date is stored as typed or not at all; selects carry
// their required and invalid states. Every test is an applicant whose application is validating
// (after a first Submit), the state in which fields and the summary show errors.

const summary = (page: Page) => page.getByRole("region", { name: MISSING_INFORMATION_MESSAGE });

/** A new applicant whose application is validating, on `path` with its summary shown. */
async function openValidating(page: Page, path: string): Promise<void> {
  await signInValidating(page);
  await page.goto(path);
  await expect(summary(page)).toBeVisible();
}

async function seedAnswers(page: Page, answers: Record<string, string>): Promise<void> {
  const saved = await page.request.put("/api/answer", {
    headers: { ...CLIENT_HEADERS, "Idempotency-Key": `seed-${randomUUID()}` },
    data: answers,
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

/** The server's own check of its stored answers (spec §4 Submit): the errors it refuses with. */
async function serverErrors(page: Page): Promise<Record<string, string[]>> {
  const response = await page.request.post("/api/submit", { headers: CLIENT_HEADERS });
  expect(response.status()).toBe(422);
  return (await response.json()).errors as Record<string, string[]>;
}

const birthDate = (page: Page) => region(page, "About you").getByRole("group", { name: "Date of Birth" });

/** The error lines shown under the field holding `control` (its React Aria field). */
const errorLines = (control: Locator) =>
  control
    .locator("xpath=ancestor::*[contains(concat(' ', @class, ' '), ' field ')][1]")
    .locator(".field__error-line");

/** Types a date into the birth date's segments (month, day, year, each replaced) and leaves the field. */
async function typeBirthDate(page: Page, digits: string): Promise<void> {
  await birthDate(page).getByRole("spinbutton").first().click();
  await page.keyboard.type(digits);
  await page.keyboard.press("Tab");
}

test("a month/year pair saved as ANSWERED/ANSWERED (no year chosen) passes on the device and on the server", async ({
  page,
}) => {
  await signInValidating(page);
  await seedAnswers(page, {
    hs_name: "Central High School",
    grad_month: "ANSWERED",
    grad_year: "ANSWERED",
    college_attend_to_month: "ANSWERED",
    college_attend_to_year: "ANSWERED",
  });
  // Spec §5: "placeholder value ANSWERED accepted when no year is chosen".
  const errors = await serverErrors(page);
  for (const key of ["grad_month", "grad_year", "college_attend_to_month", "college_attend_to_year"]) {
    expect(errors[key], key).toBeUndefined();
  }

  await page.goto("/education");
  const highSchool = region(page, "High school");
  // The stored answers have reached the page (and the summary, computed from them).
  await expect(highSchool.getByRole("combobox", { name: "Search for Your School" })).toHaveValue(
    "Central High School",
  );
  await expect(summary(page)).toBeVisible();
  await expect(summary(page)).toContainText("College/University 1: Attended From");
  await expect(summary(page)).not.toContainText("Please choose one of the listed options.");
  await expect(summary(page).getByRole("link", { name: "Graduation Date", exact: true })).toHaveCount(0);
  await expect(summary(page).getByRole("link", { name: /Attended To/ })).toHaveCount(0);
  const graduation = page.getByRole("group", { name: "Graduation Date" });
  await expect(graduation.locator(".field__error-line")).toHaveCount(0);
  await expect(page.getByRole("group", { name: "Attended To" }).locator(".field__error-line")).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("the waiver and the certification say the spec's question text at the field and in the summary", async ({
  page,
}) => {
  await openValidating(page, "/final-steps");
  const waiver = page.getByRole("radiogroup", { name: WAIVER_TEXT });
  const certification = page.getByRole("checkbox", { name: CERTIFICATION_TEXT });
  // Spec §5: "counselor_waiver_request: required, with the waiver text"; "legal_agree: must be
  // true, with the certification text" — the same words at the field and at its summary link.
  await expect(waiver).toHaveAccessibleDescription(`Error: ${WAIVER_TEXT}`);
  await expect(certification).toHaveAccessibleDescription(`Error: ${CERTIFICATION_TEXT}`);
  const waiverLink = summary(page).getByRole("link", { name: WAIVER_TEXT, exact: true });
  const certificationLink = summary(page).getByRole("link", { name: CERTIFICATION_TEXT, exact: true });
  await expect(waiverLink).toHaveAttribute("href", "/final-steps#counselor_waiver_request");
  await expect(certificationLink).toHaveAttribute("href", "/final-steps#legal_agree");
  await expectNoAxeViolations(page);
});

test("a birth date out of range says the spec's message, the same at the field and in the summary, and is not stored", async ({
  page,
}) => {
  await openValidating(page, "/about");
  const field = birthDate(page);

  const year = new Date().getFullYear();
  await typeBirthDate(page, `0101${year - 5}`);
  const tooYoung = "You must be 13 years or older to apply.";
  await expect(errorLines(field)).toHaveText([tooYoung]);
  await expect(summary(page).getByRole("link", { name: tooYoung, exact: true })).toHaveAttribute(
    "href",
    "/about#birth_date",
  );
  await expect(summary(page)).not.toContainText("A valid date of birth is required.");
  await expect(summary(page)).not.toContainText("Not saved");
  await expectNoAxeViolations(page);

  await typeBirthDate(page, "01011900");
  const tooEarly = "This date is not supported. Please contact help support for assistance.";
  await expect(errorLines(field)).toHaveText([tooEarly]);
  await expect(summary(page).getByRole("link", { name: tooEarly, exact: true })).toBeVisible();
  await expect(summary(page)).not.toContainText(tooYoung);

  // Spec §5: "The date input stores a value only when it passes": the server has none. (A later
  // answer reaching it means every earlier one has.)
  await region(page, "Your name").getByRole("textbox", { name: "Legal First Name", exact: true }).fill("Ada");
  await expect.poll(async () => (await serverAnswers(page)).first_name).toBe("Ada");
  expect((await serverAnswers(page)).birth_date ?? "").toBe("");
});

test("an impossible date typed (02/30/2001) stays as typed, is said not to be a valid date, and is not stored", async ({
  page,
}) => {
  await openValidating(page, "/about");
  const field = birthDate(page);
  await typeBirthDate(page, "02302001");
  // Leaving the field does not turn it into 28 February.
  await expect(field).toContainText("02/30/2001");
  const invalid = "A valid date of birth is required.";
  await expect(errorLines(field)).toHaveText([invalid]);
  await expect(summary(page).getByRole("link", { name: invalid, exact: true })).toBeVisible();
  await region(page, "Your name").getByRole("textbox", { name: "Legal First Name", exact: true }).fill("Ada");
  await expect.poll(async () => (await serverAnswers(page)).first_name).toBe("Ada");
  expect((await serverAnswers(page)).birth_date ?? "").toBe("");
  await expect(field).toContainText("02/30/2001");
  await expectNoAxeViolations(page);

  // Corrected to a real date, it is stored as typed.
  await field.getByRole("spinbutton", { name: /day/i }).click();
  await page.keyboard.type("28");
  await page.keyboard.press("Tab");
  await expect(field).toContainText("02/28/2001");
  await expect(errorLines(field)).toHaveCount(0);
  await expect.poll(async () => (await serverAnswers(page)).birth_date).toBe("2001-02-28");
});

test("selects expose their required and invalid states, with the error linked, as text fields and combo boxes do", async ({
  page,
}) => {
  await openValidating(page, "/about");
  const home = region(page, "Permanent address");
  const country = home.getByRole("combobox", { name: "Country", exact: true });
  await expect(country).toHaveAttribute("aria-required", "true");
  await expect(country).toHaveAttribute("aria-invalid", "true");
  await expect(country).toHaveAccessibleDescription("Error: Country");
  // The address autocomplete, a combo box, says the same.
  const address = home.getByRole("combobox", { name: "Address", exact: true });
  await expect(address).toHaveAttribute("aria-required", "true");
  await expect(address).toHaveAttribute("aria-invalid", "true");
  // An optional select is neither required nor invalid.
  const pronouns = region(page, "About you").getByRole("combobox", { name: "Personal Pronouns" });
  await expect(pronouns).not.toHaveAttribute("aria-required", "true");
  await expect(pronouns).not.toHaveAttribute("aria-invalid", "true");

  await chooseOption(page, selectButton(home, "Country"), "United States");
  await expect(country).not.toHaveAttribute("aria-invalid", "true");
  await expect(country).toHaveAccessibleDescription("");
  // A state becomes required with the United States.
  const state = home.getByRole("combobox", { name: "State/Province" });
  await expect(state).toHaveAttribute("aria-required", "true");
  await expect(state).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
});

test("each select of a required month/year pair is required and invalid, described by the pair's error", async ({
  page,
}) => {
  await openValidating(page, "/education");
  const graduation = page.getByRole("group", { name: "Graduation Date" });
  for (const name of ["Month", "Year"]) {
    const select = graduation.getByRole("combobox", { name, exact: true });
    await expect(select).toHaveAttribute("aria-required", "true");
    await expect(select).toHaveAttribute("aria-invalid", "true");
    await expect(select).toHaveAccessibleDescription("Error: Graduation Date");
  }
  await expectNoAxeViolations(page);
});
