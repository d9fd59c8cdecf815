// The first gate: size, the name's extension, and the content's magic bytes, which must agree.
// Each kind's structure is checked afterwards by the code that reads it.
import { kindFromName, sniffKind } from "./detect-kind";
import { MAX_UPLOAD_BYTES, refusals } from "./refusals";
import type { UploadKind } from "./types";

export function inspectUpload(bytes: Uint8Array, fileName: string, maxBytes = MAX_UPLOAD_BYTES): UploadKind {
  if (bytes.byteLength === 0) throw refusals.empty();
  if (bytes.byteLength > maxBytes) throw refusals.tooLarge();
  const named = kindFromName(fileName);
  if (!named) throw refusals.wrongType();
  const sniffed = sniffKind(bytes);
  if (sniffed === named) return named;
  if (named === "docx" && sniffed === "ole") throw refusals.protectedOrLegacyWord();
  if (sniffed === "png" || sniffed === "jpeg" || sniffed === "pdf" || sniffed === "docx") {
    throw refusals.contentMismatch(named, sniffed);
  }
  throw refusals.invalid(named);
}
