import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/database";
import { apiKeys } from "../db/schema";
import { randomToken, sha256Hex } from "./secrets";

// API keys of outside systems (decision 0022): `adm_` and 256 random bits, shown once when made;
// only the SHA-256 is stored (a key is random, so a slow hash would add nothing but time to every
// call). Keys read, never write: the integration routes are the only thing that accepts one.

const KEY_PREFIX = "adm_";
/** The prefix and `randomToken()`'s 43 base64url characters. Anything else is refused unread. */
const KEY_SHAPE = /^adm_[A-Za-z0-9_-]{43}$/;
/** A name an operator types: letters, digits, dot, dash, underscore. */
export const API_KEY_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;
export const API_KEY_NAME_RULE =
  "A key's name is 1 to 63 letters, digits, dots, dashes or underscores (e.g. crm), starting with a letter or digit.";

export type ApiKeyHolder = { id: string; name: string };

export class ApiKeyNameTaken extends Error {
  constructor(name: string) {
    super(`A key named ${name} already exists: revoke it first (npm run api-key:revoke -- --name ${name}).`);
  }
}

/** PostgreSQL's SQLSTATE for a unique violation. */
const UNIQUE_VIOLATION = "23505";

function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

/** A new key named `name`; the raw key is returned once and never stored. */
export async function createApiKey(db: Database, name: string, now: Date): Promise<{ key: string }> {
  if (!API_KEY_NAME.test(name)) throw new RangeError(API_KEY_NAME_RULE);
  const key = `${KEY_PREFIX}${randomToken()}`;
  try {
    await db.insert(apiKeys).values({ name, keyHash: sha256Hex(key), createdAt: now });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiKeyNameTaken(name);
    throw error;
  }
  return { key };
}

/** Revokes the key named `name`; false when no key of that name is in use. */
export async function revokeApiKey(db: Database, name: string, now: Date): Promise<boolean> {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.name, name), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length > 0;
}

/** The key's holder, or null for a missing, malformed, unknown or revoked key (answered alike). */
export async function findApiKey(db: Database, key: string | undefined): Promise<ApiKeyHolder | null> {
  if (key === undefined || !KEY_SHAPE.test(key)) return null;
  const [row] = await db
    .select({ id: apiKeys.id, name: apiKeys.name })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, sha256Hex(key)), isNull(apiKeys.revokedAt)));
  return row ?? null;
}
