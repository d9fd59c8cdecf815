import { and, eq, gt, lt } from "drizzle-orm";
import { serviceViewPath } from "../../src/shared/service-view";
import type { Database } from "../db/database";
import { serviceTokens } from "../db/schema";
import { randomToken, sha256Hex } from "./secrets";

// Service tokens (decision 0011): read-only, short-lived links to one applicant's application for
// the service rendering (spec §6). The raw token exists only in the link; the table keeps its
// SHA-256.

/**
 * Who asked for the link: staff (`npm run service:link`, the staff review) or an outside system
 * (`POST /integration/v1/applications/{id}/service-link`, decision 0022). The table also allows
 * `pdf`, the application PDF job's own links until 2026-11-26; the job now renders the
 * application itself (decision 0013), and such rows expire like any other.
 */
export type ServiceTokenPurpose = "staff" | "integration";

/** `randomToken()`: 32 random bytes in base64url, 43 characters. Anything else is refused unread. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export type MintedServiceToken = { token: string; expiresAt: Date };

/**
 * A new token for the application of `userId`, valid for `lifetimeMs` from `now`. The caller puts
 * the token in a link (`serviceViewUrl`) and never logs it.
 */
export async function mintServiceToken(
  db: Database,
  {
    userId,
    purpose,
    now,
    lifetimeMs,
  }: { userId: string; purpose: ServiceTokenPurpose; now: Date; lifetimeMs: number },
): Promise<MintedServiceToken> {
  if (!Number.isFinite(lifetimeMs) || lifetimeMs <= 0) {
    throw new RangeError(`A service token needs a positive lifetime, not ${lifetimeMs} ms.`);
  }
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + lifetimeMs);
  await db
    .insert(serviceTokens)
    .values({ tokenHash: sha256Hex(token), userId, purpose, createdAt: now, expiresAt });
  return { token, expiresAt };
}

/**
 * The account whose application the token opens, or null for a missing, malformed, unknown or
 * expired token (the caller answers all of them alike).
 */
export async function findServiceTokenUser(db: Database, token: unknown, now: Date): Promise<string | null> {
  if (typeof token !== "string" || !TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .select({ userId: serviceTokens.userId })
    .from(serviceTokens)
    .where(and(eq(serviceTokens.tokenHash, sha256Hex(token)), gt(serviceTokens.expiresAt, now)))
    .limit(1);
  return row?.userId ?? null;
}

/** Ends a token before its expiry (the PDF job's, once its print is done). */
export async function revokeServiceToken(db: Database, token: string): Promise<void> {
  await db.delete(serviceTokens).where(eq(serviceTokens.tokenHash, sha256Hex(token)));
}

/** Deletes tokens past their expiry (run periodically with the other purges). */
export async function purgeExpiredServiceTokens(db: Database, now: Date): Promise<void> {
  await db.delete(serviceTokens).where(lt(serviceTokens.expiresAt, now));
}

/** The link that opens the service rendering for a token, on the public address (`PUBLIC_URL`). */
export function serviceViewUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${serviceViewPath(token)}`;
}
