import { describe, expect, it } from "vitest";
import { stripControlCharacters } from "./control-characters";

describe("control characters in typed or pasted answers", () => {
  it("drops NUL and the other C0 controls and DEL, keeping tabs", () => {
    expect(stripControlCharacters("Ada\u0000 Love\u0007lace\u007F", false)).toBe("Ada Lovelace");
    expect(stripControlCharacters("a\tb", false)).toBe("a\tb");
    expect(stripControlCharacters("\u0001\u001B[31m\u001F", false)).toBe("[31m");
  });

  it("keeps line feeds in text areas only; a carriage return goes everywhere", () => {
    expect(stripControlCharacters("one\r\ntwo\u000Bthree", true)).toBe("one\ntwothree");
    expect(stripControlCharacters("one\r\ntwo", false)).toBe("onetwo");
  });

  it("leaves every other character alone, and returns the same string when there is nothing to drop", () => {
    const text = "Zoë Ørsted-Núñez 山田 😀 \u00A0\u0085\u200B";
    expect(stripControlCharacters(text, false)).toBe(text);
    expect(stripControlCharacters("", true)).toBe("");
  });

  it("gives the same answer when called again (no state kept between calls)", () => {
    for (let i = 0; i < 3; i++) expect(stripControlCharacters("x\u0000", false)).toBe("x");
  });
});
