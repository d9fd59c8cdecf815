// Uploaded PDFs are rebuilt from their pages: the text and pages stay, active content does not.
import { describe, expect, it } from "vitest";
import { lacks } from "../../../tests/helpers/system-tools";
import { activePdf, textPdf } from "../testing/build-pdfs";
import { pdfInfo, pdfText, renderPage } from "../testing/read-pdf";
import { UploadRefused } from "../types";
import { normalisePdf } from "./normalise-pdf";

describe("normalisePdf", () => {
  // Skipped where poppler is missing (poppler-utils reads the PDF); CI installs it and fails on a
  // skip.
  it.skipIf(lacks("poppler"))("keeps every page and its text", async () => {
    const input = await textPdf([
      ["Official transcript", "Calculus I    A"],
      ["Page two", "Physics    B+"],
      ["Page three"],
    ]);
    const output = await normalisePdf(input);
    expect((await pdfInfo(output)).Pages).toBe("3");
    const text = await pdfText(output);
    expect(text).toContain("Official transcript");
    expect(text).toMatch(/Physics\s+B\+/);
    expect(text).toContain("Page three");
    expect((await renderPage(output, 1)).inkRatio()).toBeGreaterThan(0);
  });

  it("drops JavaScript, open actions, launch actions and embedded files, and keeps the page", async () => {
    const input = await activePdf("Letter of recommendation");
    const raw = Buffer.from(input).toString("latin1");
    for (const active of ["/JavaScript", "/OpenAction", "/Launch", "/EmbeddedFile", "/AA"]) {
      expect(raw).toContain(active); // the fixture carries each of them…
    }
    const output = await normalisePdf(input);
    const cleaned = Buffer.from(await uncompressed(output)).toString("latin1");
    for (const active of [
      "/JavaScript",
      "/JS",
      "/OpenAction",
      "/Launch",
      "/EmbeddedFile",
      "/AA",
      "secret attachment",
    ]) {
      expect(cleaned).not.toContain(active); // …and the output none
    }
    // The page's text, read as a person would (poppler, where installed).
    if (!lacks("poppler")) expect(await pdfText(output)).toContain("Letter of recommendation");
  });

  it("refuses more pages than the limit", async () => {
    const input = await textPdf([["one"], ["two"], ["three"]]);
    const error = await normalisePdf(input, 2).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(UploadRefused);
    expect((error as Error).message).toBe(
      "This PDF has more than 2 pages. Please upload only the pages we asked for.",
    );
  });
});

/** The PDF saved without object streams, so names inside them can be searched as text. */
async function uncompressed(pdf: Uint8Array): Promise<Uint8Array> {
  const { PDFDocument } = await import("pdf-lib");
  return (await PDFDocument.load(pdf)).save({ useObjectStreams: false });
}
