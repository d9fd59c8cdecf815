// Spec §5 "File upload" and §9 limits: the checks on a file the applicant chooses, with the spec's
// messages. The client runs them before anything is sent; the server runs them again on the
// stored object and the name it is given. Whether a file really is what its name says is decided
// by its content, on the server (server/conversion), never here.

/** Spec §9: 1 MB. */
export const MAX_UPLOAD_BYTES = 1_048_576;
/** Spec §9: including the extension. */
export const MAX_FILE_NAME_LENGTH = 32;
export const ALLOWED_EXTENSIONS = [".png", ".jpeg", ".jpg", ".pdf", ".docx"] as const;

export const FILE_TOO_LARGE_MESSAGE = "Your file is too large. The maximum file size is 1 MB.";
export const FILE_EMPTY_MESSAGE = "Your file is empty. Please upload a non-empty file.";
export const FILE_TYPE_MESSAGE =
  "You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx";
/** The spec gives the limit but no wording; ours follows the style of its other file messages. */
export const FILE_NAME_TOO_LONG_MESSAGE =
  "Your file name is too long. File names can have at most 32 characters, including the extension.";
/** Our wording for a name carrying line breaks or other control characters (never in a real file name). */
export const FILE_NAME_CHARACTERS_MESSAGE =
  "Your file name contains characters we can't accept. Please rename the file and try again.";

/** C0 controls (incl. CR, LF, tab), DEL and C1 controls. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}
/**
 * Invisible direction and joining marks: embeddings and overrides (U+202A–202E, the "RLO" of
 * `invoice\u202Efdp.exe`), isolates (U+2066–2069), LRM/RLM/ALM, zero-width space/joiners and the BOM.
 */
const FORMATTING_CHARACTERS = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/gu;

/**
 * Characters a file system or a download would read as part of a path, or that Windows refuses in
 * a name (`<>:"|?*`): a name is stored without them (issue 36), so the day documents are saved
 * under their names (an export, a member of staff) no name can reach another folder or fail.
 */
const PATH_SEPARATORS = /[/\\]/;
const RESERVED_CHARACTERS = /[<>:"|?*]/g;

/** The upload the applicant names is not in the store (never uploaded, failed, or not theirs). */
export const UPLOAD_MISSING_MESSAGE = "We couldn't find your uploaded file. Please upload it again.";

export type FileNameCheck = { ok: true; name: string } | { ok: false; message: string };

/**
 * The name shown to the applicant and stored, or why it is refused. Direction and zero-width marks
 * are removed (a right-to-left name stays readable, but cannot be spoofed to show another
 * extension), the result is NFC-normalised; a name with directory parts keeps its last part
 * (`../../etc/passwd.pdf` is `passwd.pdf`: a browser never sends a path, a hand-made request may)
 * and characters Windows refuses become `_`; the name is trimmed. Control characters are refused.
 * Length and extension are those of the cleaned name: at most 32 characters (code points),
 * extension included (spec §5, §9).
 */
export function checkFileName(rawName: string): FileNameCheck {
  if (hasControlCharacter(rawName)) return { ok: false, message: FILE_NAME_CHARACTERS_MESSAGE };
  const name = (
    rawName.replace(FORMATTING_CHARACTERS, "").normalize("NFC").split(PATH_SEPARATORS).at(-1) ?? ""
  )
    .replace(RESERVED_CHARACTERS, "_")
    .trim();
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 ? name.slice(dot).toLowerCase() : "";
  if (!(ALLOWED_EXTENSIONS as readonly string[]).includes(extension)) {
    return { ok: false, message: FILE_TYPE_MESSAGE };
  }
  if ([...name].length > MAX_FILE_NAME_LENGTH) return { ok: false, message: FILE_NAME_TOO_LONG_MESSAGE };
  return { ok: true, name };
}

/** The spec §5 size messages, or undefined for a size within 1..1,048,576 bytes. */
export function fileSizeProblem(bytes: number): string | undefined {
  if (bytes <= 0) return FILE_EMPTY_MESSAGE;
  if (bytes > MAX_UPLOAD_BYTES) return FILE_TOO_LARGE_MESSAGE;
  return undefined;
}

/** Spec §3 document conversion statuses (`GET /api/pdf/document-answer/{key}`). */
export const CONVERSION_STATUSES = [
  "COMPLETED",
  "FAILED",
  "IN_PROGRESS",
  "UNPROCESSED",
  "NOT_ANSWERED",
] as const;
export type ConversionStatus = (typeof CONVERSION_STATUSES)[number];

/** Spec §9: a running conversion's status is asked for every 2,000 ms. */
export const CONVERSION_POLL_MS = 2_000;

/** How long the link to a converted PDF (`url` of a COMPLETED status) works: 5 minutes. */
export const VIEW_LINK_SECONDS = 5 * 60;

/** Spec §4: the answer a file question holds once its conversion completed. */
export const FILE_ANSWERED_VALUE = "ANSWERED";
