import { and, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { confirmationCodes, passwordResetTokens, signupPasswords, users } from "../db/schema";
import { HttpError } from "../http-error";
import { ACCOUNT_MESSAGES } from "./account-messages";
import { type AccountContext, findUser, HOUR_MS } from "./accounts";
import { accountAttempts } from "./login";
import { hashPassword } from "./passwords";
import { mailResetLink } from "./reset-links";
import { sha256Hex } from "./secrets";
import { endAllSessions } from "./sessions";
import { countEvent, resetThrottle, tooManyRequests } from "./throttle";

export const RESET_MAILS_PER_HOUR = 5;

/** Mails a single-use reset link to an existing account; answers the same for any address. */
export async function requestPasswordReset(
  ctx: AccountContext,
  input: { username: string },
): Promise<string> {
  const { username } = input;
  const { count, windowEndsAt } = await countEvent(
    ctx.db,
    { scope: "reset-mail", value: username },
    ctx.now,
    HOUR_MS,
  );
  if (count > RESET_MAILS_PER_HOUR) {
    throw tooManyRequests(ACCOUNT_MESSAGES.tooManyResets, windowEndsAt.getTime() - ctx.now.getTime());
  }
  const user = await findUser(ctx.db, username);
  if (user) await mailResetLink(ctx, user);
  return ACCOUNT_MESSAGES.resetSent(username);
}

/** The token is unused, unexpired and belongs to this address. */
function usableToken(tokenHash: string, username: string, now: Date) {
  return and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
    inArray(
      passwordResetTokens.userId,
      sql`(select ${users.id} from ${users} where ${users.username} = ${username})`,
    ),
  );
}

/**
 * Sets the new password if the link is valid, using it up together with every other link of the
 * account, ends all the account's sessions, and confirms an unconfirmed account (the link proves
 * control of the address). One transaction: the token cannot be used twice.
 */
export async function resetPassword(
  ctx: AccountContext,
  input: { username: string; password: string; id: string },
): Promise<string> {
  const tokenHash = sha256Hex(input.id);
  const condition = usableToken(tokenHash, input.username, ctx.now);
  // Cheap check first, so an invalid link does not cost a password hash.
  const [candidate] = await ctx.db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(condition);
  if (!candidate) throw new HttpError(400, ACCOUNT_MESSAGES.resetInvalid);
  const passwordHash = await hashPassword(input.password);

  const changed = await ctx.db.transaction(async (tx) => {
    const [token] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: ctx.now })
      .where(condition)
      .returning({ userId: passwordResetTokens.userId });
    if (!token) return false;
    await tx
      .update(users)
      .set({
        passwordHash,
        confirmedAt: sql`coalesce(${users.confirmedAt}, ${ctx.now.toISOString()}::timestamptz)`,
      })
      .where(eq(users.id, token.userId));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: ctx.now })
      .where(and(eq(passwordResetTokens.userId, token.userId), isNull(passwordResetTokens.usedAt)));
    await tx.delete(confirmationCodes).where(eq(confirmationCodes.userId, token.userId));
    // The mailbox's owner chose this password: the sign-ups' pending ones are void.
    await tx.delete(signupPasswords).where(eq(signupPasswords.userId, token.userId));
    await endAllSessions(tx, token.userId);
    return true;
  });
  if (!changed) throw new HttpError(400, ACCOUNT_MESSAGES.resetInvalid);
  // The owner of the mailbox has just chosen a password: lift any login lock on the address.
  await resetThrottle(ctx.db, accountAttempts(input.username));
  return ACCOUNT_MESSAGES.passwordChanged;
}

/** Deletes reset links past their expiry, used or not (run periodically). */
export async function purgeExpiredResetTokens(db: Database, now: Date): Promise<void> {
  await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, now));
}
