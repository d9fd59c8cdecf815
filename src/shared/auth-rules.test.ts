import { describe, expect, it } from "vitest";
import {
  confirmationCodeOf,
  failedPasswordRules,
  isStrongPassword,
  isValidCode,
  isValidEmail,
  normalizeEmail,
  PASSWORD_MATCH_RULE,
} from "./auth-rules";

describe("password rules (spec §5)", () => {
  it("accepts a password meeting every rule", () => {
    expect(isStrongPassword("Correct-Horse-9")).toBe(true);
  });

  it.each([
    ["Short-1a", ["length"]],
    ["lowercase-only-1", ["uppercase"]],
    ["UPPERCASE-ONLY-1", ["lowercase"]],
    ["No-Digits-Here!", ["number"]],
    ["NoSpecials12345", ["special"]],
    [" Leading-Space1", ["whitespace"]],
    ["Trailing-Space1 ", ["whitespace"]],
    ["", ["length", "uppercase", "lowercase", "number", "special", "whitespace"]],
  ])("names what %j lacks", (password, failed) => {
    expect(failedPasswordRules(password)).toEqual(failed);
  });

  it("requires the confirmation to match", () => {
    expect(PASSWORD_MATCH_RULE.test("Correct-Horse-9", "Correct-Horse-9")).toBe(true);
    expect(PASSWORD_MATCH_RULE.test("Correct-Horse-9", "Correct-Horse-8")).toBe(false);
    expect(PASSWORD_MATCH_RULE.test("", "")).toBe(false);
  });
});

describe("e-mail and code", () => {
  it("checks the simple e-mail pattern and normalises addresses", () => {
    expect(isValidEmail("ada@example.edu")).toBe(true);
    expect(isValidEmail(" ada@example.edu ")).toBe(true);
    expect(isValidEmail("ada@example")).toBe(false);
    expect(isValidEmail("ada example.edu")).toBe(false);
    expect(normalizeEmail("  Ada@Example.EDU ")).toBe("ada@example.edu");
  });

  it("accepts exactly six digits as a code", () => {
    expect(isValidCode("012345")).toBe(true);
    expect(isValidCode("12345")).toBe(false);
    expect(isValidCode("1234567")).toBe(false);
    expect(isValidCode("12a456")).toBe(false);
  });

  it("reads a typed code without the spaces and dashes of a pasted one, and cuts nothing", () => {
    expect(confirmationCodeOf("123 456")).toBe("123456");
    expect(confirmationCodeOf(" 123-456\t")).toBe("123456");
    expect(confirmationCodeOf("1234567")).toBe("1234567");
    expect(isValidCode(confirmationCodeOf("1234567"))).toBe(false);
    expect(isValidCode(confirmationCodeOf("12 34 5a"))).toBe(false);
  });
});
