import { describe, expect, it } from "vitest";
import { showsImpossibleDate } from "./typed-date-input";

type Segments = Parameters<typeof showsImpossibleDate>[0];

/** The month/day/year segments React Aria shows, `null` for a placeholder. */
function segments(month: number | null, day: number | null, year: number | null): Segments {
  const part = (type: string, value: number | null) => ({
    type,
    text: value === null ? "" : String(value),
    value: value ?? undefined,
    isPlaceholder: value === null,
    isEditable: true,
    placeholder: "",
  });
  const literal = { type: "literal", text: "/", isPlaceholder: false, isEditable: false, placeholder: "" };
  return [
    part("month", month),
    literal,
    part("day", day),
    literal,
    part("year", year),
  ] as unknown as Segments;
}

describe("a date the calendar does not have, as the segments show it", () => {
  it("is a whole date with a day its month lacks", () => {
    expect(showsImpossibleDate(segments(2, 30, 2001))).toBe(true);
    expect(showsImpossibleDate(segments(2, 29, 2001))).toBe(true);
    expect(showsImpossibleDate(segments(4, 31, 1999))).toBe(true);
    expect(showsImpossibleDate(segments(2, 29, 1900))).toBe(true);
  });

  it("is not a real date, nor one still being typed", () => {
    expect(showsImpossibleDate(segments(2, 28, 2001))).toBe(false);
    expect(showsImpossibleDate(segments(2, 29, 2000))).toBe(false);
    expect(showsImpossibleDate(segments(12, 31, 1999))).toBe(false);
    expect(showsImpossibleDate(segments(2, 30, null))).toBe(false);
    expect(showsImpossibleDate(segments(null, null, null))).toBe(false);
  });
});
