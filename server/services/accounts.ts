import { and, eq, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Language } from "../../src/i18n/language";
import type { Database } from "../db/database";
import { users } from "../db/schema";
import { HttpError } from "../http-error";
import { accountExistsMail, confirmationCodeMail } from "../mail/templates";
import type { Mailer } from "../mail/types";
import { mailLanguage } from "./account-language";
import { ACCOUNT_MESSAGES } from "./account-messages";
import { CODE_LIFETIME_MS, issueCode, useCode } from "./confirmation-codes";
import { hashPassword } from "./passwords";
import { mailResetLink } from "./reset-links";
import { recordSignupPassword, spendSignupVerification, takeConfirmedPassword } from "./signup-passwords";
import { countEvent, resetThrottle, type Subject, tooManyRequests } from "./throttle";

/** What the account flows need from the app. Addresses arrive normalised (trimmed, lower case). */
export type AccountContext = {
  db: Database;
  now: Date;
  mailer: Pick<Mailer, "dispatch">;
  /** Base of the links in mails (PUBLIC_URL). */
  publicUrl: string;
  log: FastifyBaseLogger;
  /** The language of the page that asked (`language` in the body), when it said. */
  language?: Language;
};

export const HOUR_MS = 60 * 60 * 1000;
/** Confirmation-code mails (sign-up and resend together) per address and hour. */
export const CODE_MAILS_PER_HOUR = 5;
/** The code is dead after this many wrong tries; the user must ask for a new one. */
export const MAX_WRONG_CODES = 5;

export async function findUser(db: Database, username: string) {
  const [user] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  return user;
}

const codeMails = (username: string): Subject => ({ scope: "confirm-mail", value: username });
const wrongCodes = (username: string): Subject => ({ scope: "confirm-attempts", value: username });

async function sendCode(
  ctx: AccountContext,
  userId: string,
  username: string,
  language: Language,
): Promise<void> {
  const code = await issueCode(ctx.db, userId, ctx.now);
  ctx.mailer.dispatch({ to: username, ...confirmationCodeMail(username, code, ctx.publicUrl, language) });
}

/**
 * Sign-up answers the same whether the address is new, waiting for confirmation or already
 * confirmed (a mail saying so instead): the password is always hashed and verified as often, and
 * every path sends one mail in the background, so neither the answer nor its timing differs. A
 * sign-up for an unconfirmed address adds its password beside the earlier ones, bound to the
 * browser that chose it (`browserTokenHash`): it never replaces them (issue 36).
 */
export async function signUp(
  ctx: AccountContext,
  input: { username: string; password: string; browserTokenHash: string },
): Promise<string> {
  const { username, password } = input;
  const passwordHash = await hashPassword(password);
  const answer = ACCOUNT_MESSAGES.signupSent(username);
  const { count } = await countEvent(ctx.db, codeMails(username), ctx.now, HOUR_MS);
  if (count > CODE_MAILS_PER_HOUR) {
    ctx.log.warn("sign-up ignored: this address has had too many mails this hour");
    await spendSignupVerification(password);
    return answer;
  }
  await resetThrottle(ctx.db, wrongCodes(username));
  // The account keeps the sign-up page's language (issue 35); a confirmed one keeps its own.
  const [created] = await ctx.db
    .insert(users)
    .values({ username, createdAt: ctx.now, language: ctx.language ?? null })
    .onConflictDoNothing({ target: users.username })
    .returning({ id: users.id });
  const existing = created ? undefined : await findUser(ctx.db, username);
  const userId = created?.id ?? existing?.id;
  if (!userId) throw new Error("user vanished between insert conflict and read");
  if (existing?.confirmedAt) {
    await spendSignupVerification(password);
    const language = mailLanguage(ctx, existing);
    ctx.mailer.dispatch({ to: username, ...accountExistsMail(username, ctx.publicUrl, language) });
    return answer;
  }
  await recordSignupPassword(ctx.db, {
    userId,
    password,
    passwordHash,
    browserTokenHash: input.browserTokenHash,
    now: ctx.now,
  });
  if (existing && ctx.language && existing.language !== ctx.language) {
    await ctx.db.update(users).set({ language: ctx.language }).where(eq(users.id, userId));
  }
  await sendCode(ctx, userId, username, ctx.language ?? mailLanguage(ctx, existing));
  return answer;
}

/**
 * Wrong codes are counted per address whether or not it has an account (so the answers do not
 * tell), and the count is taken before the code is checked (so parallel guesses cannot overrun it).
 * The account takes the password chosen in the confirming browser (`browserTokenHash`, see
 * signup-passwords.ts); when that cannot be known, the owner is mailed a link to choose one.
 */
export async function confirmAccount(
  ctx: AccountContext,
  input: { username: string; code: string; browserTokenHash?: string },
): Promise<string> {
  const { count } = await countEvent(ctx.db, wrongCodes(input.username), ctx.now, CODE_LIFETIME_MS);
  if (count > MAX_WRONG_CODES) throw new HttpError(400, ACCOUNT_MESSAGES.codeDead);
  const user = await findUser(ctx.db, input.username);
  const outcome = user
    ? await ctx.db.transaction(async (tx) => {
        const result = await useCode(tx, user.id, input.code, ctx.now);
        if (result !== "accepted" || user.confirmedAt) return { result, passwordHash: user.passwordHash };
        const passwordHash = await takeConfirmedPassword(tx, user.id, input.browserTokenHash);
        await tx
          .update(users)
          .set({ confirmedAt: ctx.now, passwordHash })
          .where(and(eq(users.id, user.id), isNull(users.confirmedAt)));
        return { result, passwordHash };
      })
    : { result: "wrong" as const, passwordHash: null };
  if (outcome.result === "accepted") {
    await resetThrottle(ctx.db, wrongCodes(input.username));
    if (user && !outcome.passwordHash) {
      await mailResetLink(ctx, { id: user.id, username: input.username, language: user.language });
      return ACCOUNT_MESSAGES.confirmedChoosePassword;
    }
    return ACCOUNT_MESSAGES.confirmed;
  }
  if (outcome.result === "expired") throw new HttpError(400, ACCOUNT_MESSAGES.codeExpired);
  throw new HttpError(400, count >= MAX_WRONG_CODES ? ACCOUNT_MESSAGES.codeDead : ACCOUNT_MESSAGES.codeWrong);
}

/** Sends a fresh code to an account waiting for confirmation; answers the same for any address. */
export async function resendCode(ctx: AccountContext, input: { username: string }): Promise<string> {
  const { username } = input;
  const { count, windowEndsAt } = await countEvent(ctx.db, codeMails(username), ctx.now, HOUR_MS);
  if (count > CODE_MAILS_PER_HOUR) {
    throw tooManyRequests(ACCOUNT_MESSAGES.tooManyCodes, windowEndsAt.getTime() - ctx.now.getTime());
  }
  await resetThrottle(ctx.db, wrongCodes(username));
  const user = await findUser(ctx.db, username);
  if (user && !user.confirmedAt) await sendCode(ctx, user.id, username, mailLanguage(ctx, user));
  return ACCOUNT_MESSAGES.resendSent(username);
}
