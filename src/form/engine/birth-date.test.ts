import { describe, expect, it } from "vitest";
import { BIRTH_DATE_MESSAGES, birthDateErrors } from "./birth-date";

describe("birth date bounds on a leap day", () => {
  const leapDay = new Date(2028, 1, 29);

  it("on 29 February counts 13 years back to 28 February (there is no 29th)", () => {
    expect(birthDateErrors("2015-02-28", leapDay, true)).toEqual([]);
    expect(birthDateErrors("2015-03-01", leapDay, true)).toEqual([BIRTH_DATE_MESSAGES.tooYoung]);
  });

  it("accepts the 100th birthday and refuses the day before", () => {
    expect(birthDateErrors("1928-02-29", leapDay, true)).toEqual([]);
    expect(birthDateErrors("1928-02-28", leapDay, true)).toEqual([BIRTH_DATE_MESSAGES.tooEarly]);
  });

  it("reports an empty date only when required answers are checked", () => {
    expect(birthDateErrors("", leapDay, true)).toEqual([BIRTH_DATE_MESSAGES.invalid]);
    expect(birthDateErrors("", leapDay, false)).toEqual([]);
    expect(birthDateErrors("2000-13-01", leapDay, false)).toEqual([BIRTH_DATE_MESSAGES.invalid]);
  });
});
