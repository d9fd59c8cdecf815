import { passwordResetTokens } from "../db/schema";
import { passwordResetMail, publicLink } from "../mail/templates";
import { mailLanguage } from "./account-language";
import type { AccountContext } from "./accounts";
import { randomToken, sha256Hex } from "./secrets";

export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;

/** Stores a single-use reset link for the account (only its hash) and mails it to the address. */
export async function mailResetLink(
  ctx: AccountContext,
  user: { id: string; username: string; language: string | null },
): Promise<void> {
  const token = randomToken();
  await ctx.db.insert(passwordResetTokens).values({
    tokenHash: sha256Hex(token),
    userId: user.id,
    createdAt: ctx.now,
    expiresAt: new Date(ctx.now.getTime() + RESET_LINK_LIFETIME_MS),
  });
  const language = mailLanguage(ctx, user);
  const link = publicLink(ctx.publicUrl, "/reset", { username: user.username, id: token }, language);
  ctx.mailer.dispatch({ to: user.username, ...passwordResetMail(user.username, link, language) });
}
