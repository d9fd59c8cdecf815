import { passwordResetTokens } from "../db/schema";
import { passwordResetMail, publicLink } from "../mail/templates";
import type { AccountContext } from "./accounts";
import { randomToken, sha256Hex } from "./secrets";

export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;

/** Stores a single-use reset link for the account (only its hash) and mails it to the address. */
export async function mailResetLink(
  ctx: AccountContext,
  user: { id: string; username: string },
): Promise<void> {
  const token = randomToken();
  await ctx.db.insert(passwordResetTokens).values({
    tokenHash: sha256Hex(token),
    userId: user.id,
    createdAt: ctx.now,
    expiresAt: new Date(ctx.now.getTime() + RESET_LINK_LIFETIME_MS),
  });
  const link = publicLink(ctx.publicUrl, "/reset", { username: user.username, id: token });
  ctx.mailer.dispatch({ to: user.username, ...passwordResetMail(user.username, link) });
}
