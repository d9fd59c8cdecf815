import { execFile } from "node:child_process";
import { randomInt } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { region, selectButton, typeInto } from "./keyboard";

// Issue 30 (item 6): the address autocomplete's city/ZIP suggestions and the schools' addresses,
// through the real lookups (`GET /lookup/find`) of the real server.

/** Types into the autocomplete, waits for the suggestion and chooses it; returns its text. */
async function chooseSuggestion(page: Page, field: Locator, typed: string, name: RegExp): Promise<string> {
  await typeInto(page, field, typed);
  const option = page.getByRole("option", { name }).first();
  await expect(option).toBeVisible();
  const text = (await option.textContent()) ?? "";
  await option.click();
  await expect(page.getByRole("listbox")).toBeHidden();
  return text;
}

test("choosing a city/ZIP suggestion for an address fills city, state, ZIP and country, and leaves the street line for the street", async ({
  page,
}) => {
  await page.goto("/about");
  const home = region(page, "Permanent address");
  const street = home.getByRole("combobox", { name: "Address", exact: true });

  // A city typed in the street line: the suggestion is a place, not a street address.
  const chosen = await chooseSuggestion(page, street, "Philadelphia", /^Philadelphia, PA \d{5}/);
  const zip = /(\d{5})/.exec(chosen)?.[1] ?? "";
  expect(zip).not.toBe("");
  await expect(home.getByRole("textbox", { name: "City", exact: true })).toHaveValue("Philadelphia");
  await expect(selectButton(home, "State/Province")).toContainText("Pennsylvania");
  await expect(home.getByRole("textbox", { name: "ZIP/Postal Code", exact: true })).toHaveValue(zip);
  await expect(selectButton(home, "Country")).toContainText("United States");
  // The street line is the street's: empty, and focused to type it.
  await expect(street).toHaveValue("");
  await expect(street).toBeFocused();
  await page.keyboard.type("3401 Walnut Street");
  await expect(street).toHaveValue("3401 Walnut Street");
  await expect(home.getByRole("textbox", { name: "City", exact: true })).toHaveValue("Philadelphia");
  await expectNoAxeViolations(page);
});

test("a street typed before its ZIP keeps the street when the ZIP's suggestion is chosen", async ({
  page,
}) => {
  await page.goto("/about");
  const home = region(page, "Permanent address");
  const street = home.getByRole("combobox", { name: "Address", exact: true });
  await chooseSuggestion(page, street, "100 College Avenue 19104", /^Philadelphia, PA 19104/);
  await expect(street).toHaveValue("100 College Avenue");
  await expect(street).toBeFocused();
  await expect(home.getByRole("textbox", { name: "City", exact: true })).toHaveValue("Philadelphia");
  await expect(home.getByRole("textbox", { name: "ZIP/Postal Code", exact: true })).toHaveValue("19104");
});

/** `npm run lookup:import` on the test server's data directory (it goes through the running server). */
async function importSchools(category: "hs_ceeb" | "college_ceeb", csv: string): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  const file = path.join(mkdtempSync(path.join(tmpdir(), "schools-")), "schools.csv");
  writeFileSync(file, csv);
  const { stdout } = await promisify(execFile)(
    "npx",
    ["tsx", "server/lookup/import-cli.ts", "--category", category, file],
    { env: { ...process.env, DATA_DIR: dataDir } },
  );
  expect(stdout).toContain("Imported 1 rows; rejected 0");
}

test("a school imported with its street address and ZIP fills them when an applicant chooses it", async ({
  page,
}) => {
  test.slow();
  const suffix = randomInt(100_000, 999_999);
  const highSchool = `Harborview High School ${suffix}`;
  const college = `Lakeshore Community College ${suffix}`;
  await importSchools(
    "hs_ceeb",
    `ceeb,name,city,state,address_line_1,zip\n${suffix},${highSchool},Springfield,IL,"100 Main Street, Building 2",62701\n`,
  );
  await importSchools(
    "college_ceeb",
    `ceeb,name,address_line_1,city,state,zip\n${suffix},${college},12 Shore Road,Erie,PA,16501-1234\n`,
  );

  await page.goto("/education");
  const school = region(page, "High school");
  await chooseSuggestion(
    page,
    school.getByRole("combobox", { name: "Search for Your School" }),
    highSchool,
    new RegExp(highSchool),
  );
  await expect(school.getByRole("textbox", { name: "Address", exact: true })).toHaveValue(
    "100 Main Street, Building 2",
  );
  await expect(school.getByRole("textbox", { name: "City", exact: true })).toHaveValue("Springfield");
  await expect(selectButton(school, "State/Province")).toContainText("Illinois");
  await expect(school.getByRole("textbox", { name: "ZIP/Postal Code", exact: true })).toHaveValue("62701");
  await expect(selectButton(school, "Country")).toContainText("United States");

  const colleges = region(page, "Colleges and universities");
  await chooseSuggestion(
    page,
    colleges.getByRole("combobox", { name: "Search for Your School" }),
    college,
    new RegExp(college),
  );
  await expect(colleges.getByRole("textbox", { name: "Address", exact: true })).toHaveValue("12 Shore Road");
  await expect(colleges.getByRole("textbox", { name: "ZIP/Postal Code", exact: true })).toHaveValue(
    "16501-1234",
  );
  await expect(selectButton(colleges, "State/Province")).toContainText("Pennsylvania");
  await expectNoAxeViolations(page);
});
