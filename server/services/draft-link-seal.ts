import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

// A draft link's copy is sealed with a key derived from the link's token, which the server never
// stores: whoever reads the database (or a log of a failed query) sees neither answers nor token.

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Domain separation: this key is used for nothing else, and a new format gets a new label. */
const KEY_INFO = "admissions draft-link copy v1";

function keyFor(token: string): Buffer {
  return Buffer.from(hkdfSync("sha256", Buffer.from(token, "utf8"), Buffer.alloc(0), KEY_INFO, 32));
}

/** AES-256-GCM of the JSON of `value`: base64url of IV ‖ tag ‖ ciphertext. */
export function sealWithToken(token: string, value: unknown): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyFor(token), iv);
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64url");
}

/** The value sealed with `token`; throws if the token is not the one it was sealed with or the data changed. */
export function openWithToken(token: string, sealed: string): unknown {
  const bytes = Buffer.from(sealed, "base64url");
  const iv = bytes.subarray(0, IV_BYTES);
  const tag = bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv("aes-256-gcm", keyFor(token), iv);
  decipher.setAuthTag(tag);
  const plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  return JSON.parse(plain.toString("utf8"));
}
