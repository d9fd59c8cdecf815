// Test inputs: real Word documents saved by Microsoft Word, the ones the `mammoth` package ships as
// its own test data (read where npm installed them, never copied; mammoth's version is pinned in
// package.json so they do not change under the tests), variants of them that link outside the file
// or carry fetching fields, zip bombs and zip-slip archives.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { deflateRawSync } from "node:zlib";
import { readZip, type ZipEntry } from "../zip/zip-reader";
import { writeZip } from "../zip/zip-writer";

/** node_modules/mammoth/test/test-data (BSD 2-Clause, © 2013 Michael Williamson: mammoth's LICENSE). */
export const SAMPLE_DOCUMENTS = path.join(
  path.dirname(createRequire(import.meta.url).resolve("mammoth/package.json")),
  "test",
  "test-data",
);

export const SAMPLE_DOCX_NAMES = [
  "comments.docx",
  "empty.docx",
  "external-picture.docx",
  "footnotes.docx",
  "simple-list.docx",
  "strict-format.docx",
  "tables.docx",
  "text-box.docx",
  "tiny-picture.docx",
  "utf8-bom.docx",
] as const;

export type SampleDocxName = (typeof SAMPLE_DOCX_NAMES)[number];

export function sampleDocx(name: SampleDocxName): Buffer {
  return readFileSync(path.join(SAMPLE_DOCUMENTS, name));
}

/** The package with some parts' text replaced (and others added). */
export function editDocx(
  docx: Uint8Array,
  edit: (name: string, text: string) => string,
  added: { name: string; data: Uint8Array }[] = [],
): Uint8Array {
  const entries = readZip(docx).map((entry) => {
    const text = Buffer.from(entry.data).toString("utf8");
    const edited = /\.(xml|rels)$/.test(entry.name) ? edit(entry.name, text) : text;
    return edited === text ? entry : { name: entry.name, data: Buffer.from(edited, "utf8") };
  });
  return writeZip([...entries, ...added]);
}

/** external-picture.docx with its linked image pointing at `target` instead. */
export function externalPictureDocx(target: string): Uint8Array {
  return editDocx(sampleDocx("external-picture.docx"), (name, text) =>
    name === "word/_rels/document.xml.rels"
      ? text.replace('Target="tiny-picture.png"', `Target="${target}"`)
      : text,
  );
}

/** simple-list.docx with a paragraph holding a field (simple or complex) that fetches `url`. */
export function fieldDocx(kind: "simple" | "complex", instruction: string, resultText: string): Uint8Array {
  const run = (inner: string) => `<w:r>${inner}</w:r>`;
  const field =
    kind === "simple"
      ? `<w:fldSimple w:instr="${escapeXml(instruction)}">${run(`<w:t>${resultText}</w:t>`)}</w:fldSimple>`
      : run('<w:fldChar w:fldCharType="begin"/>') +
        run(`<w:instrText xml:space="preserve">${escapeXml(instruction)}</w:instrText>`) +
        run('<w:fldChar w:fldCharType="separate"/>') +
        run(`<w:t>${resultText}</w:t>`) +
        run('<w:fldChar w:fldCharType="end"/>');
  return editDocx(sampleDocx("simple-list.docx"), (name, text) =>
    name === "word/document.xml" ? text.replace("<w:body>", `<w:body><w:p>${field}</w:p>`) : text,
  );
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
}

/** A valid document plus one entry named `name` (e.g. "../../evil.sh"). */
export function docxWithEntry(name: string): Uint8Array {
  const entries = readZip(sampleDocx("simple-list.docx"));
  return writeZip([...entries, { name, data: Buffer.from("#!/bin/sh\necho pwned\n") }]);
}

/** A document with one more part of `inflatedBytes` zeros: a few hundred kB that unpack to that. */
export function zipBombDocx(inflatedBytes: number): Uint8Array {
  const entries = readZip(sampleDocx("simple-list.docx"));
  return writeZip([...entries, { name: "word/media/filler.bin", data: Buffer.alloc(inflatedBytes) }]);
}

/**
 * A zip bomb that lies: its headers declare `declaredBytes` for an entry that really inflates to
 * `inflatedBytes`, so only a reader that caps inflation (not one that trusts headers) refuses it.
 */
export function lyingZipBombDocx(declaredBytes: number, inflatedBytes: number): Uint8Array {
  const entries = readZip(sampleDocx("simple-list.docx"));
  const lying: ZipEntry = {
    name: "word/media/filler.bin",
    method: 8,
    crc32: 0,
    raw: deflateRawSync(Buffer.alloc(inflatedBytes)),
    data: Buffer.alloc(declaredBytes),
  };
  return writeZip([...entries, lying]);
}

/** A zip archive with these text entries. */
export function zipOf(files: Record<string, string>): Uint8Array {
  return writeZip(Object.entries(files).map(([name, text]) => ({ name, data: Buffer.from(text, "utf8") })));
}
