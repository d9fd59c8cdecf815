// Spec §5: the phone input auto-formats digits as "(AAA) BBB-CCCC"; the SSN-style input into 3-2-4
// groups "123-45-6789". Pure functions, so the caret rules are tested without a browser.

/** A mask: `d` is a digit slot, anything else a literal written between digits. */
export type Mask = { pattern: string; digits: number; stripCountryCode?: boolean };

export const PHONE_MASK: Mask = { pattern: "(ddd) ddd-dddd", digits: 10, stripCountryCode: true };
export const SSN_MASK: Mask = { pattern: "ddd-dd-dddd", digits: 9 };

export function onlyDigits(text: string): string {
  return text.replace(/\D/g, "");
}

/**
 * The digits laid into the pattern. A literal is written only when a digit follows it, so
 * "215" is "(215" (not "(215) "), and Backspace after a group never meets a trailing literal.
 */
export function formatMasked(digits: string, mask: Mask): string {
  let out = "";
  let next = 0;
  for (const slot of mask.pattern) {
    if (next >= digits.length) break;
    if (slot === "d") {
      out += digits[next];
      next += 1;
    } else {
      out += slot;
    }
  }
  return out;
}

/** Formats whatever was stored or pasted ("+1 (215) 555-0123", "215.555.0123", "123456789"). */
export function formatForMask(text: string, mask: Mask): string {
  return formatMasked(normalizeDigits(onlyDigits(text), mask).digits, mask);
}

export type MaskedEdit = { value: string; caret: number };

/**
 * Applies one edit of the input: `previous` is the formatted value before it, `raw` the input's
 * value after it, `caret` the caret position in `raw`. Returns the formatted value and where the
 * caret goes so that it stays after the same digit. Deleting only a literal (Backspace on ")" or
 * "-") deletes the digit before it, as a user expects; with `direction` "forward" (the Delete key)
 * the digit after it.
 */
export function applyMaskedEdit(
  previous: string,
  raw: string,
  caret: number,
  mask: Mask,
  direction: "backward" | "forward" = "backward",
): MaskedEdit {
  const at = Math.max(0, Math.min(caret, raw.length));
  let before = onlyDigits(raw.slice(0, at));
  let after = onlyDigits(raw.slice(at));

  const removedOnlyLiterals = raw.length < previous.length && onlyDigits(raw) === onlyDigits(previous);
  if (removedOnlyLiterals) {
    if (direction === "forward") after = after.slice(1);
    else before = before.slice(0, -1);
  }

  const { digits, dropped } = normalizeDigits(before + after, mask);
  const caretDigits = Math.max(0, Math.min(before.length - dropped, digits.length));
  const value = formatMasked(digits, mask);
  return { value, caret: caretAfterDigits(value, caretDigits) };
}

/**
 * Drops a leading US country code ("1" of "+1 215 …") when it makes the number too long, then
 * cuts what does not fit. `dropped` counts digits removed from the front (for the caret).
 */
function normalizeDigits(digits: string, mask: Mask): { digits: string; dropped: number } {
  if (mask.stripCountryCode && digits.length > mask.digits && digits.startsWith("1")) {
    return { digits: digits.slice(1, mask.digits + 1), dropped: 1 };
  }
  return { digits: digits.slice(0, mask.digits), dropped: 0 };
}

/** The position just after the n-th digit of a formatted value (n = 0: before the first digit). */
export function caretAfterDigits(formatted: string, n: number): number {
  if (n <= 0) {
    const first = formatted.search(/\d/);
    return first === -1 ? formatted.length : first;
  }
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i] ?? "")) {
      seen += 1;
      if (seen === n) return i + 1;
    }
  }
  return formatted.length;
}
