import { deviceContents, expectStoredOnDevice } from "./device-store";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { chooseOption, select, selectButton } from "./keyboard";

// Issue 35: the application in English and Spanish. Answers are codes, so switching language
// changes the words only; the `_desc` companions the office receives stay the catalogue's English.

test("an applicant fills some of About You in English, switches to Spanish, and keeps every answer", async ({
  page,
}) => {
  test.slow();
  await page.goto("/about");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByRole("textbox", { name: "Legal First Name", exact: true }).fill("Ada");
  await select(page.getByRole("radio", { name: "Transfer" }));
  await chooseOption(page, selectButton(page, "Personal Pronouns"), "She", "She/Her");
  await expectStoredOnDevice(page, { first_name: "Ada", app_type: "1", personal_pronoun_desc: "She/Her" });

  await page.getByRole("button", { name: "Español" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1, name: "Sobre usted" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Nombre legal", exact: true })).toHaveValue("Ada");
  await expect(page.getByRole("radio", { name: "Transferencia" })).toBeChecked();
  await expect(selectButton(page, "Pronombres personales")).toContainText("Ella");
  await expect(page.getByRole("navigation", { name: "Pasos de la solicitud" })).toContainText("Paso uno");
  await expect(page.getByRole("heading", { name: "¡Bienvenido/a!" })).toBeVisible();
  await expect(page.getByRole("button", { name: "English" })).toHaveAttribute("lang", "en");
  await expectNoAxeViolations(page);

  // An answer chosen in Spanish is stored as the catalogue defines it: its code, and English words.
  await chooseOption(page, selectButton(page, "Pronombres personales"), "Otro");
  await expectStoredOnDevice(page, { personal_pronoun_desc: "Other" });
  expect((await deviceContents(page)).answers.first_name).toBe("Ada");

  // The device keeps the choice.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Sobre usted" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Nombre legal", exact: true })).toHaveValue("Ada");

  await page.getByRole("button", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "About You" })).toBeVisible();
  await expect(selectButton(page, "Personal Pronouns")).toContainText("Other");
});

test("a link with ?lang=es opens the page in Spanish, and the switch leaves the link's language behind", async ({
  page,
}) => {
  await page.goto("/education?lang=es");
  await expect(page.getByRole("heading", { level: 1, name: "Sus estudios" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your Academics" })).toBeVisible();
  await expect(page).toHaveURL(/\/education$/);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Your Academics" })).toBeVisible();
});

test("the sign-in page offers Español too", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Español" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("button", { name: "Ayuda" })).toBeVisible();
});
