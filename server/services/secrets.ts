import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { CONFIRMATION_CODE_LENGTH } from "../../src/shared/auth-rules";

/** Hex SHA-256: how codes, tokens and throttle subjects are stored (never in the clear). */
export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** A uniformly random code of CONFIRMATION_CODE_LENGTH digits from the CSPRNG (leading zeros kept). */
export function randomCode(): string {
  return String(randomInt(0, 10 ** CONFIRMATION_CODE_LENGTH)).padStart(CONFIRMATION_CODE_LENGTH, "0");
}

/** 256 random bits, URL-safe: for links that must be unguessable. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Constant-time comparison of two hex digests of equal length. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
