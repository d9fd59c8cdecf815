import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDocumentConverter } from "../../server/conversion/create-document-converter";
import { docxWithEntry, sampleDocx, zipBombDocx } from "../../server/conversion/testing/build-docx";
import {
  buildJpeg,
  buildPng,
  GPS_MARKER,
  photoLike,
  quarters,
} from "../../server/conversion/testing/build-images";
import { encryptedPdf, textPdf } from "../../server/conversion/testing/build-pdfs";
import { pdfInfo, pdfText, renderPage } from "../../server/conversion/testing/read-pdf";
import { normalisedText } from "../../server/conversion/testing/sample-docx-expectations";
import type { DocumentConverter } from "../../server/conversion/types";
import { storedAnswers } from "../helpers/api";
import { DOCUMENT_CATALOGUE, RESUME, settledConversion, uploadDocument } from "../helpers/documents";
import { lacks } from "../helpers/system-tools";
import { createTestApp, type DocumentParts, signedInUser, type TestApp } from "../helpers/test-app";

// The whole path with the real converter (server/conversion, with the engines this machine has:
// warm LibreOffice for Word documents when installed): upload → queue → job → PDF → view link, the
// output read back with poppler; and the hostile set refused by content, never converted.

const silent = { info() {}, warn() {}, error() {} };
let converter: DocumentConverter;
let test: TestApp & DocumentParts;

beforeAll(async () => {
  converter = await createDocumentConverter({ log: silent });
  test = await createTestApp({ catalogue: DOCUMENT_CATALOGUE, conversions: { converter } });
});
afterAll(async () => {
  await test?.close();
  await converter?.close();
});

/** Uploads, waits for the conversion, and fetches the PDF through the view link. */
async function convertThroughApi(bytes: Uint8Array, fileName: string) {
  const { userId, cookie } = await signedInUser(test);
  const fileKey = await uploadDocument(test, cookie, RESUME, bytes, fileName);
  const state = await settledConversion(test, cookie, RESUME, 120_000);
  const pdf =
    state.status === "COMPLETED"
      ? new Uint8Array((await test.app.inject({ method: "GET", url: state.url ?? "" })).rawPayload)
      : undefined;
  return { userId, cookie, fileKey, state, pdf };
}

async function convertedFiles(userId: string): Promise<string[]> {
  const dir = path.join(test.dataDir, "objects", "applicants", userId, "converted");
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

// Skipped where poppler is not installed (the output is read with its tools); CI installs it.
describe.skipIf(lacks("poppler"))("real conversions through the API", () => {
  it("turns a PNG into a one-page PDF showing the picture", async () => {
    const { cookie, state, pdf } = await convertThroughApi(
      buildPng(400, 300, quarters(400, 300)),
      "photo.png",
    );
    expect(state.status).toBe("COMPLETED");
    if (!pdf) throw new Error("no PDF");
    expect((await pdfInfo(pdf)).Pages).toBe("1");
    const page = await renderPage(pdf);
    expect(page.inkRatio()).toBeGreaterThan(0.3);
    expect((await storedAnswers(test, cookie))[RESUME]).toBe("ANSWERED");
  });

  it("turns a JPEG into a PDF without its camera metadata (GPS)", async () => {
    const jpeg = buildJpeg(320, 240, photoLike(3), { orientation: 6 });
    expect(jpeg.includes(Buffer.from(GPS_MARKER))).toBe(true);
    const { state, pdf } = await convertThroughApi(jpeg, "scan.jpg");
    expect(state.status).toBe("COMPLETED");
    if (!pdf) throw new Error("no PDF");
    expect(Buffer.from(pdf).includes(Buffer.from(GPS_MARKER))).toBe(false);
    expect((await renderPage(pdf)).inkRatio()).toBeGreaterThan(0.3);
  });

  it("keeps a PDF's text readable", async () => {
    const source = await textPdf([["Unofficial transcript", "Northbridge Community College"], ["Page two"]]);
    const { state, pdf } = await convertThroughApi(source, "transcript.pdf");
    expect(state.status).toBe("COMPLETED");
    if (!pdf) throw new Error("no PDF");
    const text = await pdfText(pdf);
    expect(text).toContain("Unofficial transcript");
    expect(text).toContain("Page two");
    expect((await pdfInfo(pdf)).Pages).toBe("2");
  });
});

// Skipped where poppler is not installed (the output is read with its tools); CI installs it.
describe.skipIf(lacks("poppler"))("Word documents through the API", () => {
  it("converts a .docx with the engine this machine has (LibreOffice, or the simplified rendering)", async () => {
    const { state, pdf } = await convertThroughApi(sampleDocx("tables.docx"), "tables.docx");
    expect(state.status).toBe("COMPLETED");
    if (!pdf) throw new Error("no PDF");
    const text = normalisedText(await pdfText(pdf));
    for (const cell of ["Above", "Top left", "Bottom right", "Below"]) expect(text).toContain(cell);
  });
});

describe("the hostile set, refused by content through the API and never converted", () => {
  const png = buildPng(40, 30, quarters(40, 30));
  it.each([
    ["a PNG renamed .pdf", () => png, "transcript.pdf", "the name says a PDF, but the file is a PNG image"],
    [
      "a text file renamed .png",
      () => Buffer.from("just some text, not an image\n"),
      "photo.png",
      "not a valid PNG image",
    ],
    [
      "an encrypted PDF",
      () => encryptedPdf("Official transcript"),
      "transcript.pdf",
      "protected with a password",
    ],
    ["a zip bomb", () => zipBombDocx(200 * 1024 * 1024), "statement.docx", "unpacks to far more data"],
    ["a zip-slip Word document", () => docxWithEntry("../../evil.sh"), "statement.docx", "unsafe names"],
  ])("%s", async (_, bytes, fileName, reason) => {
    const { userId, cookie, fileKey, state } = await convertThroughApi(new Uint8Array(bytes()), fileName);
    expect(state.status).toBe("FAILED");
    expect(state.message).toContain(reason);
    expect(state.url).toBeNull();
    expect(await convertedFiles(userId)).toEqual([]);
    expect(await test.store.head(fileKey)).toBeNull();
    expect((await storedAnswers(test, cookie))[RESUME] ?? "").toBe("");
  });
});
