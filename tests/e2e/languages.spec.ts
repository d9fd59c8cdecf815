import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { COMPLETE_APPLICATION } from "../helpers/complete-application";
import { lacks } from "../helpers/system-tools";
import { deviceContents, expectStoredOnDevice } from "./device-store";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { checkBox, chooseOption, select, selectButton, tabTo } from "./keyboard";
import { waitForMail } from "./mail-outbox";
import { CLIENT_HEADERS, signIn, signInValidating } from "./session";

/** A PDF's making and conversion on a loaded machine (as application-pdf.spec.ts waits). */
const PDF_WAIT_MS = 180_000;

/** The text of a PDF, as poppler reads it (where installed: tests/helpers/system-tools.ts). */
function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), "languages-e2e-"));
  try {
    const file = path.join(dir, "application.pdf");
    writeFileSync(file, bytes);
    return execFileSync("pdftotext", [file, "-"]).toString();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

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

  await expect(page.getByRole("link", { name: "Saltar al contenido principal" })).toBeAttached();

  // React Aria's own words and formats follow the language too: the date field's segments (day
  // first, as es-US writes a date, each "Vacío" until typed) and its calendar button; a select's
  // popover's dismiss button; the account menu.
  const birthDate = page.getByRole("group", { name: "Fecha de nacimiento", exact: true });
  await expect(birthDate.getByRole("spinbutton").first()).toHaveAccessibleName(/^día\b/);
  await expect(birthDate.getByRole("spinbutton").first()).toHaveAttribute("aria-valuetext", "Vacío");
  await expect(birthDate.getByRole("spinbutton").nth(1)).toHaveAccessibleName(/^mes\b/);
  await expect(birthDate.getByRole("button", { name: /^Calendario\b/ })).toBeVisible();
  await tabTo(page, selectButton(page, "Pronombres personales"));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("listbox")).toBeVisible();
  await expect(page.getByRole("button", { name: "Descartar" }).first()).toBeAttached();
  await expect(page.getByRole("button", { name: "Dismiss" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("listbox")).toBeHidden();
  await page.getByRole("button", { name: "Cuenta", exact: true }).click();
  const menu = page.getByRole("dialog", { name: "Cuenta" });
  await expect(menu.getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Crear cuenta" })).toBeVisible();
  await expect(menu.getByRole("button", { name: "Cerrar" })).toBeVisible();
  await expectNoAxeViolations(page);
  await menu.getByRole("button", { name: "Cerrar" }).click();
  await expect(menu).toBeHidden();

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
  // React Aria's words back in English in the same session, the month first again.
  const englishBirthDate = page.getByRole("group", { name: "Date of Birth", exact: true });
  await expect(englishBirthDate.getByRole("spinbutton").first()).toHaveAccessibleName(/^month\b/);
  await expect(englishBirthDate.getByRole("spinbutton").first()).toHaveAttribute("aria-valuetext", "Empty");
  await expect(englishBirthDate.getByRole("button", { name: /^Calendar\b/ })).toBeVisible();
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

test("the sign-in page offers Español too, and says in Spanish why a sign-in failed", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Español" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Ayuda" })).toBeVisible();

  // The card's own checks, in Spanish.
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByText("Escriba una dirección de correo electrónico válida.")).toBeVisible();
  await expect(page.getByText("La contraseña es obligatoria.")).toBeVisible();
  await expectNoAxeViolations(page);

  // The server answers in English (its API's words); the page shows the catalogue's Spanish.
  await page.getByRole("textbox", { name: "Correo electrónico" }).fill(`nobody-${randomUUID()}@example.edu`);
  await page.getByLabel("Contraseña", { exact: true }).fill("Not-The-Password-1");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  const toast = page.getByRole("alertdialog", { name: "Error al iniciar sesión" });
  await expect(toast).toContainText("No pudimos iniciar su sesión");
  await expect(toast).toContainText("La dirección de correo electrónico o la contraseña no son correctas.");
  await expect(toast).not.toContainText("incorrect");
  await expectNoAxeViolations(page);

  // The footer's dialogs too.
  await page.getByRole("button", { name: "Privacidad" }).click();
  const privacy = page.getByRole("dialog", { name: "Privacidad" });
  await expect(privacy).toContainText("No vendemos su información.");
  await expect(
    privacy.getByRole("link", { name: "política de privacidad (se abre en una pestaña nueva)" }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await privacy.getByRole("button", { name: "Cerrar" }).click();

  // Creating an account: the password checklist counts in Spanish.
  await page.getByRole("link", { name: "Cree una cuenta" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Crear cuenta" })).toBeVisible();
  await page.getByLabel("Contraseña", { exact: true }).fill("abc");
  await expect(page.getByText("tiene al menos 12 caracteres")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "tiene al menos 12 caracteres" })).toContainText(
    "(no cumplido)",
  );
  await expectNoAxeViolations(page);
});

test("the validation summary speaks Spanish, its links named by the Spanish messages", async ({ page }) => {
  await signInValidating(page);
  await page.goto("/about?lang=es");
  const summary = page.getByRole("heading", { name: "¡Falta información!" });
  await expect(summary).toBeVisible();
  await expect(summary).toHaveAccessibleDescription(/^\d+ respuestas requieren atención\.$/);
  await expect(
    page.getByText("Corrija los elementos señalados abajo y vuelva a enviar su solicitud."),
  ).toBeVisible();
  const section = page.locator(".validation-summary");
  await expect(section.getByRole("link", { name: "Apellido", exact: true })).toBeVisible();
  await expect(section).not.toContainText("need attention");
  await expectNoAxeViolations(page);
});

test("continuing on another device in Spanish: the dialog, its e-mail's answer and the Spanish mail", async ({
  page,
}) => {
  const address = `draft-es-${randomUUID().slice(0, 8)}@example.edu`;
  await page.goto("/about?lang=es");
  await page.getByRole("textbox", { name: "Nombre legal", exact: true }).fill("Ada");
  await page.getByRole("button", { name: "Continuar en otro dispositivo" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Continuar en otro dispositivo" });
  const link = dialog.getByRole("textbox", { name: "Su enlace" });
  await expect(link).toHaveValue(/\/about\?token=/);
  await expect(dialog).toContainText(
    "Abra este enlace en su otro dispositivo para continuar allí con la respuesta guardada",
  );
  await dialog.getByRole("textbox", { name: /Enviarme este enlace/ }).fill(address);
  await dialog.getByRole("button", { name: "Enviar", exact: true }).click();
  // The server's English answer, shown in Spanish.
  await expect(
    dialog.getByRole("status").filter({ hasText: `Enviamos el enlace a ${address}.` }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await waitForMail(address, /Este es el enlace que pidió/);
  await waitForMail(address, /\/about\?token=[A-Za-z0-9_-]{43}&lang=es/);
});

test("an applicant starts in English, switches to Spanish, submits in Spanish, and gets the Spanish mail and PDF", async ({
  page,
}) => {
  test.slow();
  const username = await signIn(page);
  // The rest of a complete application came from another device; names and certification are typed here.
  const { first_name: _first, last_name: _last, legal_agree: _certified, ...rest } = COMPLETE_APPLICATION;
  const saved = await page.request.put("/api/answer", {
    headers: { ...CLIENT_HEADERS, "Idempotency-Key": `other-device-${randomUUID()}` },
    data: rest,
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  await page.goto("/about");
  await page.getByRole("textbox", { name: "Legal First Name", exact: true }).fill("Ada");
  await page.getByRole("textbox", { name: "Last Name", exact: true }).fill("Lovelace");
  await expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();

  await page.getByRole("button", { name: "Español" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1, name: "Sobre usted" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Nombre legal", exact: true })).toHaveValue("Ada");
  // "Apellido" also names the parents' last names: the applicant's own is #last_name.
  await expect(page.locator("#last_name")).toHaveAccessibleName(/^Apellido\b/);
  await expect(page.locator("#last_name")).toHaveValue("Lovelace");
  await expect(page.getByRole("radio", { name: "Transferencia" })).toBeChecked();
  await expect(page.getByRole("status").filter({ hasText: "Todos los cambios guardados" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Guardar y continuar" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Guardar y continuar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sus estudios" })).toBeVisible();
  await page.getByRole("button", { name: "Guardar y continuar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pasos finales" })).toBeVisible();
  // A file question's own words, and the review of the application's PDF.
  await expect(page.getByRole("heading", { name: "Revise su solicitud" })).toBeVisible();
  await expect(
    page.getByText(/^Un archivo PNG, JPEG, PDF o Word \(\.docx\) de hasta 1 MB/).first(),
  ).toBeVisible();
  await expect(page.getByText(/^Elegir un archivo/).first()).toBeVisible();
  await checkBox(page, page.getByRole("checkbox", { name: /^Certifico que la información/ }));
  await expect(page.getByRole("status").filter({ hasText: "Todos los cambios guardados" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Enviar solicitud" }).click();

  await expect(page).toHaveURL(/\/completion$/);
  await expect(page.getByRole("heading", { level: 1, name: "Solicitud enviada" })).toBeVisible();
  await expect(page.getByText("Su solicitud se envió correctamente.")).toBeVisible();
  // What the office has received, the date as Spanish writes it.
  await expect(
    page.getByRole("heading", { name: "Lo que ha recibido la oficina de admisiones" }),
  ).toBeVisible();
  await expect(page.getByText(/^Su solicitud, enviada el \d{1,2} de \p{L}+ de \d{4}/u)).toBeVisible();
  await expectNoAxeViolations(page);

  // The receipt mail in the language the account keeps (set by the switch), its link keeping it.
  await waitForMail(username, /Gracias\. .+ recibió su solicitud el \d+ de \w+ de \d{4}/);
  await waitForMail(username, /\/completion\?lang=es/);

  const link = page.getByRole("link", { name: "Descargar su solicitud (PDF)" });
  await expect(link).toBeVisible({ timeout: PDF_WAIT_MS });
  await expectNoAxeViolations(page);
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("Northbridge solicitud - Ada Lovelace.pdf");
  const pdf = readFileSync((await download.path()) ?? "");
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  // The PDF's words are read with poppler's pdftotext: left out only where poppler is not
  // installed (a machine with only Node and npm); CI installs it, so it always runs there.
  if (!lacks("poppler")) {
    const text = pdfText(pdf);
    expect(text).toContain("Paso uno: Sobre usted");
    expect(text).toContain("Pasos finales");
    expect(text).not.toContain("Step One: About You");
  }
});
