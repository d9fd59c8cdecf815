import { describe, expect, it } from "vitest";
import { catalogueLookup } from "./catalogue-lookup";

describe("catalogue lookup", () => {
  const catalogue = { "Have you applied to {host} before?": "¿Ha presentado antes una solicitud a {host}?" };

  it("writes the institution's name into the translation, as its configuration's Spanish gives it (issue 35)", () => {
    const lookup = catalogueLookup(catalogue, "Lakeside State College", "Colegio Estatal Lakeside");
    expect(lookup("Have you applied to Lakeside State College before?")).toBe(
      "¿Ha presentado antes una solicitud a Colegio Estatal Lakeside?",
    );
  });

  it("keeps the name as it is without a Spanish one, and says when a text has no translation", () => {
    const lookup = catalogueLookup(catalogue, "Lakeside State College");
    expect(lookup("Have you applied to Lakeside State College before?")).toBe(
      "¿Ha presentado antes una solicitud a Lakeside State College?",
    );
    expect(lookup("Something new")).toBeUndefined();
  });
});
