import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { MISSING_INFORMATION_MESSAGE } from "../../src/shared/messages";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { region } from "./keyboard";
import { CLIENT_HEADERS, signInValidating } from "./session";

// Issue 30 (item 6): what a field says, and what the validation summary says about it, are the
// spec's words (§5) and the same words; a date is stored as typed or not at all; selects carry
// their required and invalid states. Every test is an applicant whose application is validating
// (after a first Submit), the state in which fields and the summary show errors.

const summary = (page: Page) => page.getByRole("region", { name: MISSING_INFORMATION_MESSAGE });

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
