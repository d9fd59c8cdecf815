import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

/**
 * Argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane). `Algorithm.Argon2id` is an ambient
 * const enum the isolated-modules build cannot read, hence the number.
 */
export const PASSWORD_HASH_OPTIONS = {
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random secret with the same cost, verified when there is no account (or no
 * password) so that a failure takes as long as for a real account.
 */
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString("hex"));
  return dummyHash;
}

/** True when `password` matches `storedHash`; always does one full verification. */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  const target = storedHash ?? (await getDummyHash());
  try {
    const matches = await verify(target, password);
    return matches && Boolean(storedHash);
  } catch {
    // A malformed stored hash is a failed login, not a server error.
    return false;
  }
}
