// The hostile set: every file we refuse is refused by content, with a message that tells the
// applicant what to do, and no engine ever sees it (this converter has no DOCX engine at all, and
// the images and PDFs are refused before pdf-lib builds anything).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lacks } from "../../tests/helpers/system-tools";
import { createDocumentConverter } from "./create-document-converter";
import { MAX_IMAGE_PIXELS } from "./images/image-to-pdf";
import { MAX_UPLOAD_BYTES } from "./refusals";
import { docxWithEntry, lyingZipBombDocx, sampleDocx, zipBombDocx, zipOf } from "./testing/build-docx";
import { buildJpeg, buildPng, pngWithHugeHeader, quarters } from "./testing/build-images";
import { encryptedPdf, textPdf, truncated, writeRawPdf } from "./testing/build-pdfs";
import { pdfInfo, pdfText } from "./testing/read-pdf";
import { type DocumentConverter, UploadRefused } from "./types";

const silent = { info() {}, warn() {}, error() {} };
let converter: DocumentConverter;

beforeAll(async () => {
  converter = await createDocumentConverter({ log: silent, libreOffice: false, chromium: false });
});
afterAll(() => converter.close());

async function refusal(bytes: Uint8Array, fileName: string): Promise<string> {
  const error = await converter.convert(bytes, fileName).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(UploadRefused);
  return (error as UploadRefused).message;
}

const png = buildPng(40, 30, quarters(40, 30));
const NOT_VALID_PDF = "This file is not a valid PDF. Please save it again as a PDF and upload it.";

describe("files refused before anything is converted", () => {
  it("refuses an empty file with the spec's message", async () => {
    expect(await refusal(new Uint8Array(), "statement.pdf")).toBe(
      "Your file is empty. Please upload a non-empty file.",
    );
  });

  it("refuses 1 MB + 1 byte with the spec's message", async () => {
    const large = Buffer.concat([png, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - png.byteLength)]);
    expect(await refusal(large, "photo.png")).toBe("Your file is too large. The maximum file size is 1 MB.");
  });

  it("refuses an extension we do not take, whatever the content", async () => {
    const expected = "You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx";
    expect(await refusal(png, "photo.gif")).toBe(expected);
    expect(await refusal(png, "photo")).toBe(expected);
    expect(await refusal(png, "photo.png.exe")).toBe(expected);
  });

  it("refuses a PNG renamed .pdf, saying what it really is", async () => {
    expect(await refusal(png, "transcript.pdf")).toBe(
      "The file's content is not the type its name says: the name says a PDF, but the file is a PNG " +
        "image. Please upload it under its right name, or save it again as a PDF.",
    );
  });

  it("refuses a PDF renamed .docx and a Word document renamed .jpg", async () => {
    expect(await refusal(await textPdf([["hello"]]), "statement.docx")).toContain(
      "the name says a Word document, but the file is a PDF",
    );
    expect(await refusal(sampleDocx("tables.docx"), "scan.jpg")).toContain(
      "the name says a JPEG image, but the file is a Word document",
    );
  });

  it("refuses a text file renamed .png, .jpeg, .pdf or .docx as not valid", async () => {
    const text = Buffer.from("Dear admissions committee,\nI am writing to apply.\n");
    expect(await refusal(text, "photo.png")).toBe(
      "This file is not a valid PNG image. Please save it again as a PNG image and upload it.",
    );
    expect(await refusal(text, "photo.jpeg")).toBe(
      "This file is not a valid JPEG image. Please save it again as a JPEG image and upload it.",
    );
    expect(await refusal(text, "statement.pdf")).toBe(NOT_VALID_PDF);
    expect(await refusal(text, "statement.docx")).toBe(
      "This file is not a valid Word document. Please save it again as a Word document (.docx) and upload it.",
    );
  });

  it("refuses a PNG whose header claims more pixels than we decode, from the header alone", async () => {
    const message = await refusal(pngWithHugeHeader(50_000, 50_000), "scan.png");
    expect(message).toBe(
      "This image is too large to convert (50000 × 50000 pixels; the most we accept is " +
        `${MAX_IMAGE_PIXELS / 1_000_000} megapixels). Please make it smaller and upload it again.`,
    );
  });

  it("refuses damaged images", async () => {
    const brokenPng = Buffer.from(png);
    const at = brokenPng.byteLength - 20; // inside IDAT: the chunk's CRC no longer matches
    brokenPng[at] = (brokenPng[at] as number) ^ 0xff;
    expect(await refusal(brokenPng, "photo.png")).toContain("not a valid PNG image");
    const jpeg = buildJpeg(32, 32, quarters(32, 32));
    expect(await refusal(jpeg.subarray(0, jpeg.byteLength / 2), "photo.jpg")).toContain(
      "not a valid JPEG image",
    );
  });
});

describe("PDFs", () => {
  it("refuses a really encrypted PDF (one that opens without a password) and says how to fix it", async () => {
    const encrypted = encryptedPdf("Official transcript");
    // The fixture is what it claims: poppler (where installed) sees the encryption and can still
    // read the text.
    if (!lacks("poppler")) {
      expect((await pdfInfo(encrypted)).Encrypted).toMatch(/^yes/);
      expect(await pdfText(encrypted)).toContain("Official transcript");
    }
    expect(await refusal(encrypted, "transcript.pdf")).toBe(
      "This PDF is protected with a password or security settings, so it cannot be converted. Please " +
        "save a copy without protection (for example, print it to a new PDF) and upload that.",
    );
  });

  it("refuses a PDF cut off halfway, a header with nothing behind it, and a PDF without pages", async () => {
    expect(await refusal(truncated(await textPdf([["page one"], ["page two"]])), "t.pdf")).toBe(
      NOT_VALID_PDF,
    );
    expect(await refusal(Buffer.from("%PDF-1.7\n%%EOF\n"), "t.pdf")).toBe(NOT_VALID_PDF);
    const noPages = writeRawPdf(
      ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 0 >>"],
      "/Root 1 0 R",
    );
    expect(await refusal(noPages, "t.pdf")).toBe(NOT_VALID_PDF);
  });
});

describe("Word documents", () => {
  it("refuses a zip bomb by its declared size before inflating it", async () => {
    const bomb = zipBombDocx(200 * 1024 * 1024);
    expect(bomb.byteLength).toBeLessThan(MAX_UPLOAD_BYTES);
    expect(await refusal(bomb, "statement.docx")).toBe(
      "This Word document unpacks to far more data than a document of its size can hold, so it cannot " +
        "be converted. Please save it again as a Word document (.docx) or as a PDF and upload it.",
    );
  });

  it("refuses a zip bomb whose headers lie about its size: inflation stops at the declared size", async () => {
    const bomb = lyingZipBombDocx(1_000, 100 * 1024 * 1024);
    expect(await refusal(bomb, "statement.docx")).toContain("unpacks to far more data");
  });

  it("refuses an archive with more entries than a document has", async () => {
    const files = Object.fromEntries(Array.from({ length: 1_001 }, (_, i) => [`word/part${i}.xml`, "<x/>"]));
    const many = zipOf({ "[Content_Types].xml": "<Types/>", "word/document.xml": "<w:document/>", ...files });
    expect(await refusal(many, "statement.docx")).toContain("unpacks to far more data");
  });

  it.each([
    "../../evil.sh",
    "word/../../evil.sh",
    "/etc/cron.d/evil",
    "C:/Windows/evil.dll",
    "word\\..\\..\\evil.sh",
  ])("refuses a zip-slip entry named %s", async (name) => {
    expect(await refusal(docxWithEntry(name), "statement.docx")).toBe(
      "This Word document contains files with unsafe names, so it cannot be converted. Please save it " +
        "again as a Word document (.docx) or as a PDF and upload it.",
    );
  });

  it("refuses a zip that is not a Word document, and one whose XML declares entities", async () => {
    const notWord = zipOf({ "[Content_Types].xml": "<Types/>", "xl/workbook.xml": "<workbook/>" });
    expect(await refusal(notWord, "statement.docx")).toContain("not a valid Word document");
    const entities = zipOf({
      "[Content_Types].xml": "<Types/>",
      "word/document.xml":
        '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><d>&x;</d>',
    });
    expect(await refusal(entities, "statement.docx")).toContain("not a valid Word document");
  });

  it("recognises a password-protected (or old .doc) Word file and says so", async () => {
    const compoundFile = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(504),
    ]);
    expect(await refusal(compoundFile, "statement.docx")).toBe(
      "This Word document is protected with a password or saved in the old .doc format. Please remove " +
        "the password or save it again as a Word document (.docx), and upload it.",
    );
  });
});
