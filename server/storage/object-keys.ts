import { randomBytes } from "node:crypto";

// Object keys, all under the applicant's prefix `applicants/{user id}/`, so that ownership is a
// prefix check and an applicant's files can be listed or removed together. The random part is
// 128 bits; nothing of the file name goes into a key.

const RANDOM = "[A-Za-z0-9_-]{22}";
/** Answer keys are catalogue keys: lower-case words joined by underscores. */
const ANSWER_KEY = /^[a-z0-9_]{1,64}$/;

function randomPart(): string {
  return randomBytes(16).toString("base64url");
}

function prefixOf(userId: string): string {
  return `applicants/${userId}/`;
}

function checkAnswerKey(answerKey: string): string {
  if (!ANSWER_KEY.test(answerKey)) throw new Error(`not an answer key: ${answerKey}`);
  return answerKey;
}

/** Where an applicant's upload for a question goes: `applicants/{user}/uploads/{question}/{random}`. */
export function newUploadKey(userId: string, answerKey: string): string {
  return `${prefixOf(userId)}uploads/${checkAnswerKey(answerKey)}/${randomPart()}`;
}

/** Where the PDF of a conversion goes: `applicants/{user}/converted/{question}/{random}.pdf`. */
export function newPdfKey(userId: string, answerKey: string): string {
  return `${prefixOf(userId)}converted/${checkAnswerKey(answerKey)}/${randomPart()}.pdf`;
}

/** Where an application PDF goes (decision 0013): `applicants/{user}/application/{random}.pdf`. */
export function newApplicationPdfKey(userId: string): string {
  return `${prefixOf(userId)}application/${randomPart()}.pdf`;
}

/** True when `key` is an application PDF key of this applicant. */
export function isApplicationPdfKeyFor(key: string, userId: string): boolean {
  return new RegExp(`^${escapeRegExp(prefixOf(userId))}application/${RANDOM}\\.pdf$`).test(key);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** True when `key` is an upload key this server could have issued to this applicant for this question. */
export function isUploadKeyFor(key: string, userId: string, answerKey: string): boolean {
  const pattern = new RegExp(
    `^${escapeRegExp(prefixOf(userId))}uploads/${escapeRegExp(answerKey)}/${RANDOM}$`,
  );
  return pattern.test(key);
}
