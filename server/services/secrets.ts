import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { CONFIRMATION_CODE_LENGTH } from "../../src/shared/auth-rules";
import type { Database } from "../db/database";
import { serverSecrets } from "../db/schema";

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

/** The HMAC keys every process shares, by purpose. */
export type SecretName = "upload-policy" | "document-view" | "application-pdf-link";

/**
 * A 256-bit key shared by every API and worker process on this database: the first process to ask
 * creates it at random (concurrent first calls keep one, `on conflict do nothing`), everyone reads
 * the stored one. Nothing to configure, and a key made on one process verifies on all others.
 */
export async function sharedSecret(db: Database, name: SecretName): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString("base64") })
    .onConflictDoNothing({ target: serverSecrets.name });
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`secret ${name} vanished after insert`);
  return Buffer.from(row.value, "base64");
}
