import { describe, expect, it } from "vitest";
import {
  applyMaskedEdit,
  caretAfterDigits,
  formatForMask,
  formatMasked,
  type Mask,
  PHONE_MASK,
  SSN_MASK,
} from "./masked-input";

/** Types `keys` one by one at the end of an empty input, as a keyboard would. */
function typeAll(keys: string, mask: Mask): { value: string; caret: number } {
  let state = { value: "", caret: 0 };
  for (const key of keys) {
    const raw = state.value.slice(0, state.caret) + key + state.value.slice(state.caret);
    state = applyMaskedEdit(state.value, raw, state.caret + 1, mask);
  }
  return state;
}

/** Backspace (or Delete) with the caret at `caret` in `value`. */
function press(value: string, caret: number, key: "Backspace" | "Delete", mask: Mask) {
  const raw =
    key === "Backspace"
      ? value.slice(0, caret - 1) + value.slice(caret)
      : value.slice(0, caret) + value.slice(caret + 1);
  const at = key === "Backspace" ? caret - 1 : caret;
  return applyMaskedEdit(value, raw, at, mask, key === "Delete" ? "forward" : "backward");
}

/** Pastes `text` over the selection [start, end). */
function paste(value: string, start: number, end: number, text: string, mask: Mask) {
  const raw = value.slice(0, start) + text + value.slice(end);
  return applyMaskedEdit(value, raw, start + text.length, mask);
}

describe("the US phone mask (AAA) BBB-CCCC", () => {
  it.each([
    ["", ""],
    ["2", "(2"],
    ["215", "(215"],
    ["2155", "(215) 5"],
    ["215555", "(215) 555"],
    ["2155550", "(215) 555-0"],
    ["2155550123", "(215) 555-0123"],
  ])("formats %s as %s", (digits, formatted) => {
    expect(formatMasked(digits, PHONE_MASK)).toBe(formatted);
  });

  it("formats digits as they are typed, with the caret at the end", () => {
    expect(typeAll("2155550123", PHONE_MASK)).toEqual({ value: "(215) 555-0123", caret: 14 });
    expect(typeAll("2155", PHONE_MASK)).toEqual({ value: "(215) 5", caret: 7 });
  });

  it("ignores letters, punctuation and digits beyond ten", () => {
    expect(typeAll("215a-555 0123", PHONE_MASK).value).toBe("(215) 555-0123");
    expect(typeAll("21555501239", PHONE_MASK).value).toBe("(215) 555-0123");
    const letter = applyMaskedEdit("(215", "(215x", 5, PHONE_MASK);
    expect(letter).toEqual({ value: "(215", caret: 4 });
  });

  it("drops a leading country code 1 typed before the number", () => {
    expect(typeAll("12155550123", PHONE_MASK)).toEqual({ value: "(215) 555-0123", caret: 14 });
  });

  it.each([
    ["+1 215 555 0123"],
    ["+1 (215) 555-0123"],
    ["1-215-555-0123"],
    ["215.555.0123"],
    ["(215) 555-0123"],
    ["2155550123"],
  ])("pastes %s into an empty field as (215) 555-0123", (text) => {
    expect(paste("", 0, 0, text, PHONE_MASK)).toEqual({ value: "(215) 555-0123", caret: 14 });
  });

  it("pasting over a whole number replaces it", () => {
    expect(paste("(215) 555-0123", 0, 14, "+1 212 555 0199", PHONE_MASK).value).toBe("(212) 555-0199");
  });

  it("formats stored values of any shape for display", () => {
    expect(formatForMask("+1 (215) 555-0123", PHONE_MASK)).toBe("(215) 555-0123");
    expect(formatForMask("215555", PHONE_MASK)).toBe("(215) 555");
    expect(formatForMask("", PHONE_MASK)).toBe("");
  });

  it("Backspace deletes the digit before the caret and keeps the caret there", () => {
    // "(215) 555-0123", caret after the 5 of "555" (index 9).
    expect(press("(215) 555-0123", 9, "Backspace", PHONE_MASK)).toEqual({ value: "(215) 550-123", caret: 8 });
    expect(press("(215) 555-0123", 14, "Backspace", PHONE_MASK)).toEqual({
      value: "(215) 555-012",
      caret: 13,
    });
  });

  it("Backspace right after a literal deletes the digit before the literal", () => {
    // Caret after "-" (index 10): the "-" goes, and with it the 5 before it.
    expect(press("(215) 555-0123", 10, "Backspace", PHONE_MASK)).toEqual({
      value: "(215) 550-123",
      caret: 8,
    });
    // Caret after ") " (index 6): the space goes, and with it the 5 of the area code.
    expect(press("(215) 555-0123", 6, "Backspace", PHONE_MASK)).toEqual({ value: "(215) 550-123", caret: 3 });
  });

  it("Backspace through the whole number empties the field", () => {
    let state = { value: "(215) 555-0123", caret: 14 };
    for (let i = 0; i < 14 && state.value !== ""; i++)
      state = press(state.value, state.caret, "Backspace", PHONE_MASK);
    expect(state).toEqual({ value: "", caret: 0 });
  });

  it("Delete before a literal deletes the digit after it", () => {
    // Caret before "-" (index 9): Delete removes "-" and the 0 after it.
    expect(press("(215) 555-0123", 9, "Delete", PHONE_MASK)).toEqual({ value: "(215) 555-123", caret: 9 });
    // Delete on a digit simply removes it.
    expect(press("(215) 555-0123", 1, "Delete", PHONE_MASK)).toEqual({ value: "(155) 550-123", caret: 1 });
  });

  it("typing in the middle keeps the caret after the typed digit", () => {
    // Insert 9 after "(21" (caret 3) in "(215) 555".
    const value = "(215) 555";
    const edit = applyMaskedEdit(value, `(219${value.slice(3)}`, 4, PHONE_MASK);
    expect(edit).toEqual({ value: "(219) 555-5", caret: 4 });
  });

  it("a deleted selection leaves the rest formatted", () => {
    // Select "555-" (6..10) and delete it.
    const raw = "(215) 0123";
    expect(applyMaskedEdit("(215) 555-0123", raw, 6, PHONE_MASK)).toEqual({ value: "(215) 012-3", caret: 4 });
  });
});

describe("the SSN-style mask 123-45-6789", () => {
  it.each([
    ["1", "1"],
    ["123", "123"],
    ["1234", "123-4"],
    ["12345", "123-45"],
    ["123456", "123-45-6"],
    ["123456789", "123-45-6789"],
    ["1234567890", "123-45-6789"],
  ])("formats %s as %s", (digits, formatted) => {
    expect(formatForMask(digits, SSN_MASK)).toBe(formatted);
  });

  it("formats as digits are typed", () => {
    expect(typeAll("123456789", SSN_MASK)).toEqual({ value: "123-45-6789", caret: 11 });
  });

  it("keeps a leading 1 (there is no country code)", () => {
    expect(paste("", 0, 0, "1234567890", SSN_MASK).value).toBe("123-45-6789");
  });

  it("pastes dashed, spaced or bare numbers", () => {
    expect(paste("", 0, 0, "123 45 6789", SSN_MASK).value).toBe("123-45-6789");
    expect(paste("", 0, 0, "A123-45-6789", SSN_MASK).value).toBe("123-45-6789");
  });

  it("Backspace after a dash removes the digit before it", () => {
    expect(press("123-45-6789", 4, "Backspace", SSN_MASK)).toEqual({ value: "124-56-789", caret: 2 });
    expect(press("123-45-6789", 11, "Backspace", SSN_MASK)).toEqual({ value: "123-45-678", caret: 10 });
  });
});

describe("caretAfterDigits", () => {
  it("finds the position after the n-th digit", () => {
    expect(caretAfterDigits("(215) 555-0123", 0)).toBe(1);
    expect(caretAfterDigits("(215) 555-0123", 3)).toBe(4);
    expect(caretAfterDigits("(215) 555-0123", 4)).toBe(7);
    expect(caretAfterDigits("(215) 555-0123", 10)).toBe(14);
    expect(caretAfterDigits("", 0)).toBe(0);
  });
});
