// Chromium is found without configuration, and a machine without one still prints: the build
// shipped in the npm package @sparticuz/chromium is unpacked and used.
import { describe, expect, it } from "vitest";
import { lacks } from "../../tests/helpers/system-tools";
import { pdfText } from "../conversion/testing/read-pdf";
import { findChromium } from "./find-chromium";
import { PdfPrinter } from "./pdf-printer";

const silent = { info() {}, warn() {}, error() {} };

describe("findChromium", () => {
  it("takes CHROMIUM_PATH first and names a wrong one", async () => {
    // Any executable is taken as it is (Node's own here, present on every machine that runs this).
    expect(await findChromium(undefined, { CHROMIUM_PATH: process.execPath })).toEqual({
      executablePath: process.execPath,
      source: "CHROMIUM_PATH",
    });
    await expect(findChromium(undefined, { CHROMIUM_PATH: "/nowhere/chrome" })).rejects.toThrow(
      "CHROMIUM_PATH: no executable Chromium at /nowhere/chrome",
    );
  });

  // Skipped without a system Chromium (this test looks for /usr/bin/chromium); CI installs it and
  // fails on a skip.
  it.skipIf(lacks("systemChromium"))("finds the system's Chromium on PATH", async () => {
    expect(await findChromium(undefined, { PATH: "/usr/bin" })).toEqual({
      executablePath: "/usr/bin/chromium",
      source: "system",
    });
  });

  // Skipped where poppler is missing (poppler-utils reads the PDF); CI installs it and fails on a
  // skip.
  it.skipIf(lacks("poppler"))(
    "without any Chromium on the machine, prints with the one from @sparticuz/chromium",
    async () => {
      const found = await findChromium(undefined, { PATH: "" }, []);
      expect(found.source).toBe("@sparticuz/chromium");
      const printer = await PdfPrinter.start(silent, { executablePath: found.executablePath });
      try {
        expect(await pdfText(await printer.printHtml("<p>printed by the packaged Chromium</p>"))).toContain(
          "printed by the packaged Chromium",
        );
      } finally {
        await printer.close();
      }
    },
    120_000,
  );
});
