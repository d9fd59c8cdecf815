// Inputs for the conversion bench, built on the spot, each just under the 1 MB upload limit: a
// photo-like PNG (opaque, and with alpha), a camera JPEG (EXIF-rotated), a many-page PDF, a DOCX
// padded with real prose, and a two-page personal statement for the concurrency run.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { MAX_UPLOAD_BYTES } from "../server/conversion/refusals";
import { buildJpeg, buildPng, photoLike, type Rgb } from "../server/conversion/testing/build-images";
import { writeZip } from "../server/conversion/zip/zip-writer";

const TARGET = MAX_UPLOAD_BYTES * 0.95;

/** Grows a square-ish image until its file is just under the target size. */
function fitImage(build: (width: number, height: number) => Buffer): Buffer {
  let width = 600;
  let file = build(width, Math.round(width * 0.75));
  for (let i = 0; i < 6; i++) {
    width = Math.floor(width * Math.sqrt(TARGET / file.byteLength));
    file = build(width, Math.round(width * 0.75));
  }
  while (file.byteLength > MAX_UPLOAD_BYTES) {
    width = Math.floor(width * 0.97);
    file = build(width, Math.round(width * 0.75));
  }
  return file;
}

/** Real English prose: the README files of the installed packages, without markdown markup. */
export function prose(): string[] {
  const modules = path.resolve("node_modules");
  const paragraphs: string[] = [];
  for (const name of readdirSync(modules).sort()) {
    let text: string;
    try {
      text = readFileSync(path.join(modules, name, "README.md"), "utf8");
    } catch {
      continue;
    }
    for (const block of text.split(/\n\s*\n/)) {
      const clean = block
        .replace(/```[\s\S]*?```/g, "")
        .replace(/[#*_`>|[\]()!-]+/g, " ")
        .replace(/https?:\S+/g, "")
        .replace(/\s+/g, " ")
        .trim();
      if (clean.split(" ").length >= 12 && /^[A-Z]/.test(clean)) paragraphs.push(clean);
    }
  }
  return paragraphs;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A minimal Word document of these paragraphs (every twentieth a bold heading). */
export function docxOf(paragraphs: readonly string[]): Uint8Array {
  const body = paragraphs
    .map((text, i) =>
      i % 20 === 0
        ? `<w:p><w:r><w:rPr><w:b/><w:sz w:val="28"/></w:rPr><w:t xml:space="preserve">${escapeXml(text.slice(0, 60))}</w:t></w:r></w:p>`
        : `<w:p><w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`,
    )
    .join("");
  const parts: Record<string, string> = {
    "[Content_Types].xml":
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    "_rels/.rels":
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    "word/document.xml": `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440"/></w:sectPr></w:body></w:document>`,
  };
  return writeZip(Object.entries(parts).map(([name, text]) => ({ name, data: Buffer.from(text, "utf8") })));
}

/** As many paragraphs of `corpus` (cycling) as fit in the target size. */
function paddedDocx(corpus: readonly string[]): Uint8Array {
  let count = 1000;
  let docx = docxOf(cycle(corpus, count));
  for (let i = 0; i < 5; i++) {
    count = Math.floor(count * (TARGET / docx.byteLength));
    docx = docxOf(cycle(corpus, count));
  }
  return docx;
}

function cycle(corpus: readonly string[], count: number): string[] {
  return Array.from({ length: count }, (_, i) => corpus[i % corpus.length] as string);
}

/** A long transcript: pages of text lines under a scanned letterhead, as many as fit in the target size. */
async function manyPagePdf(corpus: readonly string[]): Promise<Uint8Array> {
  // Helvetica in a PDF without embedded fonts speaks WinAnsi: keep the Latin-1 text.
  const words = corpus
    .join(" ")
    .replace(/[^\x20-\x7e\xa0-\xff]/g, "")
    .split(" ");
  const build = async (pages: number) => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    for (let n = 0; n < pages; n++) {
      const page = pdf.addPage([612, 792]);
      const letterhead = await pdf.embedJpg(buildJpeg(240, 60, photoLike(n + 10), { quality: 80 }));
      page.drawImage(letterhead, { x: 54, y: 700, width: 240, height: 60 });
      for (let line = 0; line < 44; line++) {
        const at = (n * 44 + line) * 12;
        page.drawText(words.slice(at, at + 12).join(" "), { x: 54, y: 670 - line * 14, size: 10, font });
      }
    }
    return pdf.save();
  };
  let pages = 40;
  let pdf = await build(pages);
  for (let i = 0; i < 3; i++) {
    pages = Math.floor(pages * (TARGET / pdf.byteLength));
    pdf = await build(pages);
  }
  return pdf;
}

/** A scanned page: near-white paper with lines of dark, text-like marks. */
function scanLike(seed: number): (x: number, y: number) => Rgb {
  let state = seed;
  return (x, y) => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    const inLine = y % 28 < 12 && x % 9 < 6 && ((x >> 5) + (y >> 4)) % 7 !== 0;
    const speck = ((state >> 16) & 255) === 0; // dust on the scanner glass
    const shade = inLine ? 40 + ((state >> 16) & 15) : speck ? 180 : 250;
    return [shade, shade, Math.min(255, shade + 4)];
  };
}

export type BenchInput = { label: string; fileName: string; bytes: Uint8Array; detail: string };

export async function buildBenchInputs(): Promise<{ inputs: BenchInput[]; statement: Uint8Array }> {
  const corpus = prose();
  const png = fitImage((w, h) => buildPng(w, h, scanLike(1)));
  const pngAlpha = fitImage((w, h) => buildPng(w, h, scanLike(2), { alpha: true }));
  const jpeg = fitImage((w, h) => buildJpeg(w, h, photoLike(3), { orientation: 6, quality: 92 }));
  const pdf = await manyPagePdf(corpus);
  const docx = paddedDocx(corpus);
  const statement = docxOf(corpus.slice(0, 14)); // about two pages
  const kb = (bytes: Uint8Array) => `${Math.round(bytes.byteLength / 1024)} kB`;
  const size = (png: Buffer) => `${png.readUInt32BE(16)}×${png.readUInt32BE(20)}`;
  return {
    inputs: [
      { label: "PNG", fileName: "scan.png", bytes: png, detail: `${kb(png)} scan, ${size(png)} RGB` },
      {
        label: "PNG with alpha",
        fileName: "scan.png",
        bytes: pngAlpha,
        detail: `${kb(pngAlpha)} scan, ${size(pngAlpha)} RGBA`,
      },
      { label: "JPEG", fileName: "photo.jpg", bytes: jpeg, detail: `${kb(jpeg)} photo, EXIF-rotated` },
      { label: "PDF", fileName: "transcript.pdf", bytes: pdf, detail: kb(pdf) },
      { label: "DOCX", fileName: "statement.docx", bytes: docx, detail: `${kb(docx)} of prose` },
    ],
    statement,
  };
}
