import { and, eq, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/database";
import { users } from "../db/schema";
import { HttpError } from "../http-error";
import { accountExistsMail, confirmationCodeMail } from "../mail/templates";
import type { Mailer } from "../mail/types";
import { ACCOUNT_MESSAGES } from "./account-messages";
import { CODE_LIFETIME_MS, issueCode, useCode } from "./confirmation-codes";
import { hashPassword } from "./passwords";
import { countEvent, resetThrottle, type Subject, tooManyRequests } from "./throttle";

/** What the account flows need from the app. Addresses arrive normalised (trimmed, lower case). */
export type AccountContext = {
  db: Database;
  now: Date;
  mailer: Pick<Mailer, "dispatch">;
  /** Base of the links in mails (PUBLIC_URL). */
  publicUrl: string;
  log: FastifyBaseLogger;
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

async function sendCode(ctx: AccountContext, userId: string, username: string): Promise<void> {
  const code = await issueCode(ctx.db, userId, ctx.now);
  ctx.mailer.dispatch({ to: username, ...confirmationCodeMail(username, code, ctx.publicUrl) });
}

/**
 * Sign-up answers the same whether the address is new, waiting for confirmation (new password,
 * fresh code) or already confirmed (a mail saying so instead): the password is always hashed and
 * every path sends one mail in the background, so neither the answer nor its timing differs.
 */
export async function signUp(
  ctx: AccountContext,
  input: { username: string; password: string },
): Promise<string> {
  const { username } = input;
  const passwordHash = await hashPassword(input.password);
  const answer = ACCOUNT_MESSAGES.signupSent(username);
  const { count } = await countEvent(ctx.db, codeMails(username), ctx.now, HOUR_MS);
  if (count > CODE_MAILS_PER_HOUR) {
    ctx.log.warn("sign-up ignored: this address has had too many mails this hour");
    return answer;
  }
  await resetThrottle(ctx.db, wrongCodes(username));
  const [created] = await ctx.db
    .insert(users)
    .values({ username, passwordHash, createdAt: ctx.now })
    .onConflictDoNothing({ target: users.username })
    .returning({ id: users.id });
  if (created) {
    await sendCode(ctx, created.id, username);
    return answer;
  }
  const existing = await findUser(ctx.db, username);
  if (!existing) throw new Error("user vanished between insert conflict and read");
  if (existing.confirmedAt) {
    ctx.mailer.dispatch({ to: username, ...accountExistsMail(username, ctx.publicUrl) });
    return answer;
  }
  // The latest sign-up's password wins, so whoever holds the mailbox ends up with their own.
  await ctx.db.update(users).set({ passwordHash }).where(eq(users.id, existing.id));
  await sendCode(ctx, existing.id, username);
  return answer;
}

/**
 * Wrong codes are counted per address whether or not it has an account (so the answers do not
 * tell), and the count is taken before the code is checked (so parallel guesses cannot overrun it).
 */
export async function confirmAccount(
  ctx: AccountContext,
  input: { username: string; code: string },
): Promise<string> {
  const { count } = await countEvent(ctx.db, wrongCodes(input.username), ctx.now, CODE_LIFETIME_MS);
  if (count > MAX_WRONG_CODES) throw new HttpError(400, ACCOUNT_MESSAGES.codeDead);
  const user = await findUser(ctx.db, input.username);
  const outcome = user
    ? await ctx.db.transaction(async (tx) => {
        const result = await useCode(tx, user.id, input.code, ctx.now);
        if (result === "accepted") {
          await tx
            .update(users)
            .set({ confirmedAt: ctx.now })
            .where(and(eq(users.id, user.id), isNull(users.confirmedAt)));
        }
        return result;
      })
    : "wrong";
  if (outcome === "accepted") {
    await resetThrottle(ctx.db, wrongCodes(input.username));
    return ACCOUNT_MESSAGES.confirmed;
  }
  if (outcome === "expired") throw new HttpError(400, ACCOUNT_MESSAGES.codeExpired);
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
  if (user && !user.confirmedAt) await sendCode(ctx, user.id, username);
  return ACCOUNT_MESSAGES.resendSent(username);
}
