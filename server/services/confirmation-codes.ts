import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Database } from "../db/database";
import { confirmationCodes } from "../db/schema";
import { digestsEqual, randomCode, sha256Hex } from "./secrets";

export const CODE_LIFETIME_MS = 24 * 60 * 60 * 1000;

// Salted with the user id: equal codes of two users do not share a stored hash.
function hashCode(userId: string, code: string): string {
  return sha256Hex(`${userId}:${code}`);
}

/** Issues a new code for the user, replacing (and so invalidating) any earlier one. */
export async function issueCode(db: Database, userId: string, now: Date): Promise<string> {
  const code = randomCode();
  const values = {
    codeHash: hashCode(userId, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS),
    usedAt: null,
  };
  await db
    .insert(confirmationCodes)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: confirmationCodes.userId, set: values });
  return code;
}

export type CodeOutcome = "accepted" | "wrong" | "expired";

/**
 * Uses the user's code if `code` is it and it is still valid: marked used in the same statement
 * that checks it, so two requests cannot both use it. "expired" covers a used code too.
 */
export async function useCode(db: Database, userId: string, code: string, now: Date): Promise<CodeOutcome> {
  const codeHash = hashCode(userId, code);
  const used = await db
    .update(confirmationCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(confirmationCodes.userId, userId),
        eq(confirmationCodes.codeHash, codeHash),
        isNull(confirmationCodes.usedAt),
        gt(confirmationCodes.expiresAt, now),
      ),
    )
    .returning({ userId: confirmationCodes.userId });
  if (used.length > 0) return "accepted";
  const [row] = await db
    .select({ codeHash: confirmationCodes.codeHash })
    .from(confirmationCodes)
    .where(eq(confirmationCodes.userId, userId));
  return row && digestsEqual(row.codeHash, codeHash) ? "expired" : "wrong";
}

/** Deletes codes a day past their expiry (kept that long so a reused code is told "expired"). */
export async function purgeExpiredCodes(db: Database, now: Date): Promise<void> {
  await db
    .delete(confirmationCodes)
    .where(lt(confirmationCodes.expiresAt, new Date(now.getTime() - CODE_LIFETIME_MS)));
}
