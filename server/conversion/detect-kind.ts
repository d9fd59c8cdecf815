// What a file is, from its first bytes; what its name claims, from its extension. The content
// decides; the name only has to agree with it.
import type { UploadKind } from "./types";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
const OLE_COMPOUND_FILE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** Readers accept the PDF header anywhere in the first 1,024 bytes (PDF 32000-1, annex H). */
const PDF_HEADER_WINDOW = 1024;

const EXTENSIONS: Record<string, UploadKind> = {
  png: "png",
  jpg: "jpeg",
  jpeg: "jpeg",
  pdf: "pdf",
  docx: "docx",
};

/** The kind the file name claims, or undefined for an extension we do not take. */
export function kindFromName(fileName: string): UploadKind | undefined {
  const dot = fileName.lastIndexOf(".");
  if (dot < 0) return undefined;
  return EXTENSIONS[fileName.slice(dot + 1).toLowerCase()];
}

export type Sniffed = UploadKind | "ole" | "zip" | undefined;

/**
 * The kind the content looks like, from magic bytes only (structure is checked per kind later).
 * `zip` is a zip archive that does not look like a Word document; `ole` an OLE compound file, which
 * is how Word stores password-protected documents and the old .doc format.
 */
export function sniffKind(bytes: Uint8Array): Sniffed {
  if (startsWith(bytes, PNG_SIGNATURE)) return "png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (startsWith(bytes, ZIP_LOCAL_HEADER)) return mentions(bytes, "word/document.xml") ? "docx" : "zip";
  if (startsWith(bytes, OLE_COMPOUND_FILE)) return "ole";
  if (indexOfAscii(bytes.subarray(0, PDF_HEADER_WINDOW), "%PDF-") >= 0) return "pdf";
  return undefined;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

function mentions(bytes: Uint8Array, text: string): boolean {
  return indexOfAscii(bytes, text) >= 0;
}

export function indexOfAscii(bytes: Uint8Array, text: string, from = 0): number {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(text, from, "latin1");
}
