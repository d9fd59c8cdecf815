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
