// An uploaded PDF, validated and rebuilt: parsed strictly by pdf-lib (encrypted, truncated or
// unparsable files are refused), stripped of everything active (JavaScript, open and additional
// actions, launch and remote actions, embedded files and attachment or media annotations), and
// its pages copied into a new document. Catalogue-level content (forms' scripts, the names tree,
// document metadata, outlines) does not come along; what the pages show does.
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFRef,
  PDFStream,
  PDFString,
} from "pdf-lib";
import { indexOfAscii } from "../detect-kind";
import { refusals } from "../refusals";

export const MAX_PDF_PAGES = 500;
/** Readers accept the end-of-file marker anywhere in the last 1,024 bytes; a cut-off file has none. */
const EOF_WINDOW = 1024;

const REMOVED_KEYS = ["AA", "JS", "OpenAction", "EF", "RichMediaContent", "Next"].map((key) =>
  PDFName.of(key),
);
const KEPT_ACTIONS = new Set(["GoTo", "URI", "Named"]);
const REMOVED_ANNOTATIONS = new Set(["FileAttachment", "Movie", "Sound", "Screen", "RichMedia", "3D"]);
const LINK_SCHEMES = /^(https?|mailto):/i;

export async function normalisePdf(bytes: Uint8Array, maxPages = MAX_PDF_PAGES): Promise<Uint8Array> {
  if (indexOfAscii(bytes.subarray(Math.max(0, bytes.byteLength - EOF_WINDOW)), "%%EOF") < 0) {
    throw refusals.invalid("pdf");
  }
  const source = await load(bytes);
  let pageCount: number;
  try {
    pageCount = source.getPageCount();
  } catch {
    throw refusals.invalid("pdf");
  }
  if (pageCount === 0) throw refusals.invalid("pdf");
  if (pageCount > maxPages) throw refusals.tooManyPages(maxPages);

  for (const [, object] of source.context.enumerateIndirectObjects()) strip(object, source);
  const output = await PDFDocument.create({ updateMetadata: false });
  try {
    const pages = await output.copyPages(source, source.getPageIndices());
    for (const page of pages) output.addPage(page);
  } catch {
    throw refusals.invalid("pdf");
  }
  // Without object streams: saving is about twice as fast, for a slightly larger file.
  return output.save({ useObjectStreams: false });
}

async function load(bytes: Uint8Array): Promise<PDFDocument> {
  let pdf: PDFDocument;
  try {
    // Encryption is checked below: pdf-lib cannot decrypt, so an encrypted file is refused whole.
    pdf = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: true,
    });
  } catch {
    throw refusals.invalid("pdf");
  }
  if (pdf.isEncrypted) throw refusals.encryptedPdf();
  return pdf;
}

/** Removes active content from one object and the direct objects inside it (refs are visited on their own). */
function strip(object: PDFObject, pdf: PDFDocument): void {
  const dict = object instanceof PDFStream ? object.dict : object;
  if (dict instanceof PDFArray) {
    for (const item of dict.asArray()) strip(item, pdf);
    return;
  }
  if (!(dict instanceof PDFDict)) return;
  for (const key of REMOVED_KEYS) dict.delete(key);
  const action = dict.get(PDFName.of("A"));
  if (action && !isKeptAction(pdf.context.lookup(action))) dict.delete(PDFName.of("A"));
  const annotations = dict.get(PDFName.of("Annots"));
  const list = annotations && pdf.context.lookup(annotations);
  if (list instanceof PDFArray) {
    for (let i = list.size() - 1; i >= 0; i--) {
      const annotation = pdf.context.lookup(list.get(i));
      if (annotation instanceof PDFDict && REMOVED_ANNOTATIONS.has(subtype(annotation))) list.remove(i);
    }
  }
  for (const [, value] of dict.entries()) {
    if (!(value instanceof PDFRef)) strip(value, pdf);
  }
}

function isKeptAction(action: PDFObject | undefined): boolean {
  if (!(action instanceof PDFDict)) return false;
  const type = action.get(PDFName.of("S"));
  if (!(type instanceof PDFName) || !KEPT_ACTIONS.has(type.decodeText())) return false;
  if (type.decodeText() !== "URI") return true;
  const uri = action.get(PDFName.of("URI"));
  return (uri instanceof PDFString || uri instanceof PDFHexString) && LINK_SCHEMES.test(uri.decodeText());
}

function subtype(dict: PDFDict): string {
  const value = dict.get(PDFName.of("Subtype"));
  return value instanceof PDFName ? value.decodeText() : "";
}
