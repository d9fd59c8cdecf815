// Word documents through the real converter with warm LibreOffice instances: every document in
// the sample documents (mammoth's test data) comes out readable, and nothing outside the upload is ever read.
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
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

const run = promisify(execFile);
const SLOW = 120_000;
const silent = { info() {}, warn() {}, error() {} };

let converter: DocumentConverter;
/** Parent of the pool's folders: a link relative to a conversion's folder lands in here. */
let workDir: string;
let tinyPicture: Buffer;
let server: Server;
let requests: string[] = [];
let origin: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), "docx-libreoffice-test-"));
  converter = await createDocumentConverter({
    log: silent,
    libreOffice: { instances: 1, workDir },
    chromium: false,
  });
  const { readZip } = await import("./zip/zip-reader");
  const media = readZip(sampleDocx("tiny-picture.docx")).find((entry) =>
    entry.name.startsWith("word/media/"),
  );
  tinyPicture = Buffer.from(media?.data ?? []);
  server = createServer((request, response) => {
    requests.push(request.url ?? "");
    response.writeHead(200, { "Content-Type": "image/png" }).end(tinyPicture);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, SLOW);

afterAll(async () => {
  await converter?.close();
  server?.close();
  await rm(workDir, { recursive: true, force: true });
});

// Skipped where libreoffice and poppler are missing (LibreOffice converts and poppler-utils reads
// the PDF); CI installs it and fails on a skip.
describe.skipIf(lacks("libreoffice", "poppler"))("every sample Word document (mammoth's test data)", () => {
  it.each(SAMPLE_DOCX_NAMES)(
    "%s converts to a page with its text",
    async (name) => {
      const expected = SAMPLE_DOCX_EXPECTATIONS[name];
      const result = await converter.convert(sampleDocx(name), name);
      expect(result).toMatchObject({ kind: "docx", engine: "libreoffice", simplified: false });
      const info = await pdfInfo(result.pdf);
      // The page size the document asks for (A4 here), Letter when it names none (utf8-bom.docx).
      expect(info["Page size"]).toMatch(
        name === "utf8-bom.docx" ? /^612 x 792 pts/ : /^595\.\d+ x 841\.\d+ pts \(A4\)/,
      );
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

// Skipped where libreoffice and poppler are missing (LibreOffice converts and poppler-utils reads
// the PDF); CI installs it and fails on a skip.
describe.skipIf(lacks("libreoffice", "poppler"))("content outside the upload is never read", () => {
  /** The picture, wherever a link relative to the conversion folder or the pool folders would find it. */
  async function plantPictures(): Promise<string> {
    const [poolDir] = await readdir(workDir);
    const planted = path.join(workDir, "planted");
    await mkdir(planted, { recursive: true });
    await writeFile(path.join(workDir, "tiny-picture.png"), tinyPicture);
    await writeFile(path.join(workDir, poolDir as string, "tiny-picture.png"), tinyPicture);
    await writeFile(path.join(planted, "tiny-picture.png"), tinyPicture);
    return planted;
  }

  it(
    "the shared fixture is hostile: LibreOffice on its own embeds the linked file and fetches the URL",
    async () => {
      const dir = await mkdtemp(path.join(workDir, "plain-"));
      await writeFile(path.join(dir, "tiny-picture.png"), tinyPicture);
      await writeFile(path.join(dir, "relative.docx"), sampleDocx("external-picture.docx"));
      await writeFile(path.join(dir, "remote.docx"), externalPictureDocx(`${origin}/plain.png`));
      requests = [];
      await run(
        "soffice",
        [
          "--headless",
          `-env:UserInstallation=file://${dir}/profile`,
          "--convert-to",
          "pdf",
          "--outdir",
          dir,
          path.join(dir, "relative.docx"),
          path.join(dir, "remote.docx"),
        ],
        { timeout: SLOW },
      );
      expect(await pdfImages(await readFile(path.join(dir, "relative.pdf")))).toHaveLength(1);
      expect(requests).toContain("/plain.png");
    },
    SLOW,
  );

  it(
    "a picture linked by a relative, parent, absolute or file: path is not embedded",
    async () => {
      const planted = await plantPictures();
      for (const target of [
        "tiny-picture.png",
        "../tiny-picture.png",
        "../../tiny-picture.png",
        "../../../tiny-picture.png",
        `${planted}/tiny-picture.png`,
        `file://${planted}/tiny-picture.png`,
      ]) {
        const result = await converter.convert(externalPictureDocx(target), "statement.docx");
        expect(await pdfImages(result.pdf), target).toHaveLength(0);
      }
    },
    SLOW,
  );

  it(
    "a picture linked by URL, or fetched by an INCLUDEPICTURE or INCLUDETEXT field, is never requested",
    async () => {
      requests = [];
      const linked = await converter.convert(externalPictureDocx(`${origin}/linked.png`), "statement.docx");
      const simpleField = await converter.convert(
        fieldDocx("simple", `INCLUDEPICTURE "${origin}/simple-field.png" \\d`, "shown instead"),
        "statement.docx",
      );
      const complexField = await converter.convert(
        fieldDocx("complex", `INCLUDETEXT "${origin}/complex-field.docx"`, "cached result"),
        "statement.docx",
      );
      expect(requests).toEqual([]);
      expect(await pdfImages(linked.pdf)).toHaveLength(0);
      expect(await pdfImages(simpleField.pdf)).toHaveLength(0);
      expect(normalisedText(await pdfText(simpleField.pdf))).toContain("shown instead");
      expect(normalisedText(await pdfText(complexField.pdf))).toContain("cached result");
    },
    SLOW,
  );
});

// Skipped where libreoffice and poppler are missing (LibreOffice converts and poppler-utils reads
// the PDF); CI installs it and fails on a skip.
it.skipIf(lacks("libreoffice", "poppler"))(
  "LibreOffice refuses, as not a valid Word document, a package whose document part is not XML",
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
