import { describe, expect, it } from "vitest";
import { partnerNameIn } from "./partner-name";

describe("partnerNameIn", () => {
  const named = { name: "Lakeshore State University", es: { name: "Universidad Estatal Lakeshore" } };

  it("gives the configuration's Spanish name in Spanish and its own name in English", () => {
    expect(partnerNameIn(named, "es")).toBe("Universidad Estatal Lakeshore");
    expect(partnerNameIn(named, "en")).toBe("Lakeshore State University");
  });

  it("falls back to the institution's own name where no Spanish one is configured", () => {
    expect(partnerNameIn({ name: "Northbridge University" }, "es")).toBe("Northbridge University");
    expect(partnerNameIn({ name: "Northbridge University", es: {} }, "es")).toBe("Northbridge University");
  });
});
