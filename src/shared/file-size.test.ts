import { describe, expect, it } from "vitest";
import { formatFileSize } from "./file-size";

describe("formatFileSize (spec §9: rounded, no space, kB or MB)", () => {
  it("shows whole kilobytes below a megabyte", () => {
    expect(formatFileSize(245 * 1024)).toBe("245kB");
    expect(formatFileSize(250_000)).toBe("244kB");
    expect(formatFileSize(1536)).toBe("2kB");
    expect(formatFileSize(1023 * 1024)).toBe("1023kB");
  });

  it("never shows a non-empty file as 0kB", () => {
    expect(formatFileSize(1)).toBe("1kB");
    expect(formatFileSize(511)).toBe("1kB");
  });

  it("shows the 1 MB upload limit, and anything rounding up to it, in megabytes", () => {
    expect(formatFileSize(1_048_576)).toBe("1MB");
    expect(formatFileSize(1_048_575)).toBe("1MB");
    expect(formatFileSize(2.4 * 1_048_576)).toBe("2MB");
  });

  it("shows an empty or impossible size as 0kB", () => {
    expect(formatFileSize(0)).toBe("0kB");
    expect(formatFileSize(-5)).toBe("0kB");
    expect(formatFileSize(Number.NaN)).toBe("0kB");
  });
});
