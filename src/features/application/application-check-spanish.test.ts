import { afterEach, describe, expect, it } from "vitest";
import { showLanguage } from "../../i18n/translations";
import { checkApplication, groupErrorsByPage } from "./application-check";

// Issue 35: the whole-application check says what is missing in the language the applicant reads.
afterEach(() => showLanguage("en"));

describe("the application's check in Spanish", () => {
  it("names a missing answer by its Spanish label and keeps the catalogue's keys", async () => {
    await showLanguage("es");
    const errors = await checkApplication("es@example.edu", { app_type: "1" });
    expect(errors.first_name).toEqual(["Nombre legal"]);
    const about = groupErrorsByPage(errors).find((group) => group.path === "/about");
    expect(about?.title).toBe("Sobre usted");
    expect(about?.errors.find((error) => error.key === "first_name")?.message).toBe("Nombre legal");
  });

  it("says the engine's own messages in Spanish, after the section's Spanish prefix", async () => {
    await showLanguage("es");
    const errors = await checkApplication("es2@example.edu", {
      app_type: "1",
      parent_communication_preference: "1",
      parent_email_address: "not-an-address",
      zip: "12",
      country: "USA",
    });
    expect(errors.parent_email_address).toEqual([
      "Padre o madre 1/Tutor 1: Escriba una dirección de correo electrónico válida.",
    ]);
    expect(errors.zip).toEqual(["El código postal (ZIP) debe tener al menos 5 caracteres."]);
  });

  it("is in English again once the applicant switches back", async () => {
    await showLanguage("es");
    await showLanguage("en");
    const errors = await checkApplication("en@example.edu", { app_type: "1" });
    expect(errors.first_name).toEqual(["Legal First Name"]);
  });
});
