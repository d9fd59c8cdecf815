// Without LibreOffice, Word documents still convert: mammoth's HTML printed by Chromium, marked
// and logged as simplified. The same documents, the same text, the same refusal to reach outside.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lacks } from "../../tests/helpers/system-tools";
import { createDocumentConverter } from "./create-document-converter";
import {
  editDocx,
  externalPictureDocx,
  fieldDocx,
  SAMPLE_DOCX_NAMES,
  sampleDocx,
} from "./testing/build-docx";
import { pdfImages, pdfInfo, pdfText, renderPage } from "./testing/read-pdf";
import { normalisedText, SAMPLE_DOCX_EXPECTATIONS } from "./testing/sample-docx-expectations";
import type { DocumentConverter } from "./types";

const SLOW = 60_000;
const logged: { level: string; message: string; details: Record<string, unknown> }[] = [];
const record = (level: string) => (details: Record<string, unknown>, message: string) =>
  logged.push({ level, message, details });
const log = { info: record("info"), warn: record("warn"), error: record("error") };

let converter: DocumentConverter;
let server: Server;
const requests: string[] = [];
let origin: string;

beforeAll(async () => {
  converter = await createDocumentConverter({ log, libreOffice: false });
  server = createServer((request, response) => {
    requests.push(request.url ?? "");
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, SLOW);

afterAll(async () => {
  await converter?.close();
  server?.close();
});

it("says at start-up that Word documents take the simplified path", () => {
  expect(logged).toContainEqual(
    expect.objectContaining({
      level: "warn",
      message:
        "LibreOffice disabled: DOCX will be converted through a simplified HTML rendering (enable LibreOffice)",
    }),
  );
});

// Skipped where poppler is missing (poppler-utils reads the PDF); CI installs it and fails on a
// skip.
describe.skipIf(lacks("poppler"))("every sample Word document (mammoth's test data)", () => {
  it.each(SAMPLE_DOCX_NAMES)(
    "%s converts to Letter pages with its text",
    async (name) => {
      const expected = SAMPLE_DOCX_EXPECTATIONS[name];
      logged.length = 0;
      const result = await converter.convert(sampleDocx(name), name);
      expect(result).toMatchObject({ kind: "docx", engine: "mammoth+chromium", simplified: true });
      expect(logged).toContainEqual(
        expect.objectContaining({ message: "DOCX converted through the simplified HTML rendering" }),
      );
      expect((await pdfInfo(result.pdf))["Page size"]).toMatch(/^612 x 792 pts/);
      const text = normalisedText(await pdfText(result.pdf));
      for (const phrase of expected.text) expect(text).toContain(phrase);
      const page = await renderPage(result.pdf);
      if (expected.ink) expect(page.inkRatio()).toBeGreaterThan(0);
      else expect(page.inkRatio()).toBe(0);
      expect(await pdfImages(result.pdf)).toHaveLength(expected.images);
    },
    SLOW,
  );
});

// Skipped where poppler is missing (poppler-utils reads the PDF); CI installs it and fails on a
// skip.
it.skipIf(lacks("poppler"))(
  "never requests a linked picture or a field's URL",
  async () => {
    requests.length = 0;
    const linked = await converter.convert(externalPictureDocx(`${origin}/linked.png`), "statement.docx");
    const field = await converter.convert(
      fieldDocx("simple", `INCLUDEPICTURE "${origin}/field.png" \\d`, "shown instead"),
      "statement.docx",
    );
    expect(requests).toEqual([]);
    expect(await pdfImages(linked.pdf)).toHaveLength(0);
    expect(normalisedText(await pdfText(field.pdf))).toContain("shown instead");
  },
  SLOW,
);

it(
  "refuses, as not a valid Word document, a package whose document part is not XML",
  async () => {
    const notXml = editDocx(sampleDocx("tables.docx"), (name, text) =>
      name === "word/document.xml" ? "this is not a document" : text,
    );
    await expect(converter.convert(notXml, "statement.docx")).rejects.toThrow(
      "This file is not a valid Word document. Please save it again as a Word document (.docx) and upload it.",
    );
  },
  SLOW,
);
