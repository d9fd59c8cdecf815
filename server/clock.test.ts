import { describe, expect, it } from "vitest";
import { clockOffsetMs } from "./clock";

describe("clockOffsetMs", () => {
  it("is 0 for the system clock", () => {
    expect(clockOffsetMs(() => new Date())).toBe(0);
  });

  it("is exactly the shift of a moved clock, ahead or behind", () => {
    expect(clockOffsetMs(() => new Date(Date.now() + 7_000))).toBe(7_000);
    expect(clockOffsetMs(() => new Date(Date.now() - 61_000))).toBe(-61_000);
  });

  it("is how far a frozen clock is from now", () => {
    const frozen = Date.now() - 5_000;
    const offset = clockOffsetMs(() => new Date(frozen));
    expect(offset).toBeLessThanOrEqual(-5_000);
    expect(offset).toBeGreaterThan(-5_000 - 60_000);
  });
});
