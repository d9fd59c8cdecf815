import { describe, expect, it } from "vitest";
import { applicantName, cssString, printMarginCss } from "./print-margins";

describe("the printed page margins", () => {
  it("carry the applicant's legal first and last name", () => {
    expect(applicantName({ first_name: " Ada ", middle_name: "King", last_name: "Lovelace" })).toBe(
      "Ada Lovelace",
    );
    expect(applicantName({ last_name: "Lovelace" })).toBe("Lovelace");
    expect(applicantName({})).toBe("Applicant");
  });

  it("quote any name as a CSS string, so it cannot end the rule or add one", () => {
    expect(cssString('O"Brien')).toBe('"O\\"Brien"');
    expect(cssString("back\\slash")).toBe('"back\\\\slash"');
    expect(cssString('x"; } body { display: none')).toBe('"x\\"; } body { display: none"');
    expect(cssString("two\nlines\u0000")).toBe('"two lines"');
    expect(printMarginCss("Zoë Ø'Neil")).toBe(`@page { @top-left { content: "Zoë Ø'Neil"; } }`);
  });
});
