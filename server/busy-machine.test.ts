import { describe, expect, it } from "vitest";
import { loadPerCore, MAX_STRETCH, stretchedForLoad } from "./busy-machine";

describe("stretchedForLoad", () => {
  it("keeps a limit as it is on a machine with a core to spare", () => {
    expect(stretchedForLoad(30_000, loadPerCore(0.3, 2))).toBe(30_000);
    expect(stretchedForLoad(30_000, loadPerCore(2, 2))).toBe(30_000);
  });

  it("stretches it by the runnable tasks per core on a busy machine", () => {
    expect(stretchedForLoad(30_000, loadPerCore(5, 2))).toBe(75_000);
    expect(stretchedForLoad(30_000, loadPerCore(12, 8))).toBe(45_000);
    expect(stretchedForLoad(60_000, loadPerCore(6, 2))).toBe(180_000);
  });

  it("stops stretching at MAX_STRETCH: work past that is hung, however busy the machine", () => {
    expect(stretchedForLoad(30_000, loadPerCore(50, 2))).toBe(30_000 * MAX_STRETCH);
  });
});
