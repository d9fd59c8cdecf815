// Why we refuse an upload, in words the applicant understands: each message says what is wrong and
// what to do. The first three are the spec's own wording (§5 "File upload").
import { type UploadKind, UploadRefused } from "./types";

export const MAX_UPLOAD_BYTES = 1_048_576;

const KIND_NAMES: Record<UploadKind, string> = {
  png: "a PNG image",
  jpeg: "a JPEG image",
  pdf: "a PDF",
  docx: "a Word document",
};

const SAVE_AS: Record<UploadKind, string> = {
  png: "a PNG image",
  jpeg: "a JPEG image",
  pdf: "a PDF",
  docx: "a Word document (.docx)",
};

const refuse = (message: string) => new UploadRefused(message);

export const refusals = {
  empty: () => refuse("Your file is empty. Please upload a non-empty file."),
  tooLarge: () => refuse("Your file is too large. The maximum file size is 1 MB."),
  wrongType: () => refuse("You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx"),
  /** The content is one of our types, but not the one the name's extension says. */
  contentMismatch: (named: UploadKind, actual: UploadKind) =>
    refuse(
      `The file's content is not the type its name says: the name says ${KIND_NAMES[named]}, ` +
        `but the file is ${KIND_NAMES[actual]}. Please upload it under its right name, or save it ` +
        `again as ${SAVE_AS[named]}.`,
    ),
  /** Not recognisable as the type its name says (and not one of our other types either). */
  invalid: (kind: UploadKind) =>
    refuse(
      kind === "pdf"
        ? "This file is not a valid PDF. Please save it again as a PDF and upload it."
        : `This file is not ${validName(kind)}. Please save it again as ${SAVE_AS[kind]} and upload it.`,
    ),
  encryptedPdf: () =>
    refuse(
      "This PDF is protected with a password or security settings, so it cannot be converted. " +
        "Please save a copy without protection (for example, print it to a new PDF) and upload that.",
    ),
  tooManyPages: (limit: number) =>
    refuse(`This PDF has more than ${limit} pages. Please upload only the pages we asked for.`),
  /** An OLE compound file named .docx: a password-protected Word document or an old .doc. */
  protectedOrLegacyWord: () =>
    refuse(
      "This Word document is protected with a password or saved in the old .doc format. Please " +
        "remove the password or save it again as a Word document (.docx), and upload it.",
    ),
  zipBomb: () =>
    refuse(
      "This Word document unpacks to far more data than a document of its size can hold, so it " +
        "cannot be converted. Please save it again as a Word document (.docx) or as a PDF and upload it.",
    ),
  unsafeEntryNames: () =>
    refuse(
      "This Word document contains files with unsafe names, so it cannot be converted. Please save " +
        "it again as a Word document (.docx) or as a PDF and upload it.",
    ),
  imageTooLarge: (width: number, height: number, maxPixels: number) =>
    refuse(
      `This image is too large to convert (${width} × ${height} pixels; the most we accept is ` +
        `${Math.round(maxPixels / 1_000_000)} megapixels). Please make it smaller and upload it again.`,
    ),
};

function validName(kind: UploadKind): string {
  return kind === "docx" ? "a valid Word document" : `a valid ${kind.toUpperCase()} image`;
}
