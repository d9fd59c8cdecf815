import type { Database } from "../db/database";
import { loginEvents } from "../db/schema";
import { HttpError } from "../http-error";
import { ACCOUNT_MESSAGES } from "./account-messages";
import { findUser } from "./accounts";
import { verifyPassword } from "./passwords";
import { createSession } from "./sessions";
import { matchLoginPassword } from "./signup-passwords";
import {
  claimAttempt,
  countEvent,
  type LockPolicy,
  resetThrottle,
  type Subject,
  tooManyRequests,
  uncountEvent,
} from "./throttle";

const MINUTE_MS = 60_000;

/** Per address: 5 free failures, then a lock of 30 s doubling with each failure, at most 15 min. */
export const LOGIN_LOCK_POLICY: LockPolicy = {
  freeAttempts: 5,
  firstLockMs: 30_000,
  maxLockMs: 15 * MINUTE_MS,
  forgetAfterMs: 24 * 60 * MINUTE_MS,
};
/**
 * Per IP: at most this many failures in a window, then every login from it is refused. A ceiling
 * against one address spraying guesses across accounts, set far above what the applicants behind
 * one school's or library's address mistype on deadline night (it was 50, which locked them all out:
 * issue 36). Guessing one account's password is stopped by that account's own lock, from any address.
 */
export const IP_FAILURE_LIMIT = 500;
export const IP_WINDOW_MS = 15 * MINUTE_MS;

export const accountAttempts = (username: string): Subject => ({ scope: "login-account", value: username });

function throttled(retryAfterMs: number): HttpError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / MINUTE_MS));
  return tooManyRequests(ACCOUNT_MESSAGES.loginThrottled(minutes), retryAfterMs);
}

/** A login whose password is right for an account not yet confirmed. */
export class UnconfirmedLogin extends HttpError {
  constructor(
    /** The pending password it matched: this browser may now confirm with it (signup-passwords.ts). */
    readonly signupPasswordId: string,
  ) {
    super(403, ACCOUNT_MESSAGES.unconfirmed, { body: { reason: "unconfirmed" } });
  }
}

/**
 * Checks the credentials and opens a new session (earlier sessions stay until logout or expiry).
 * Both throttles count the attempt before the password is checked, and give it back when it was
 * not a failure. An unknown address is verified against a dummy hash, so it takes as long. An
 * unconfirmed account is checked against its sign-ups' passwords: a match is refused with
 * UnconfirmedLogin.
 */
export async function logIn(
  db: Database,
  now: Date,
  input: { username: string; password: string; ip: string },
): Promise<{ token: string; language: string | null }> {
  const ip: Subject = { scope: "login-ip", value: input.ip };
  const ipWindow = await countEvent(db, ip, now, IP_WINDOW_MS);
  if (ipWindow.count > IP_FAILURE_LIMIT) throw throttled(ipWindow.windowEndsAt.getTime() - now.getTime());
  const account = accountAttempts(input.username);
  const claim = await claimAttempt(db, account, now, LOGIN_LOCK_POLICY);
  if (!claim.allowed) {
    await uncountEvent(db, ip);
    throw throttled(claim.retryAfterMs);
  }

  const user = await findUser(db, input.username);
  if (user && !user.confirmedAt) {
    const pending = await matchLoginPassword(db, user.id, input.password);
    if (!pending) throw new HttpError(400, ACCOUNT_MESSAGES.loginWrong);
    await uncountEvent(db, ip);
    await resetThrottle(db, account);
    throw new UnconfirmedLogin(pending);
  }
  const valid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !valid) throw new HttpError(400, ACCOUNT_MESSAGES.loginWrong);
  await uncountEvent(db, ip);
  await resetThrottle(db, account);
  return db.transaction(async (tx) => {
    const session = await createSession(tx, user.id, now);
    await tx.insert(loginEvents).values({ userId: user.id, createdAt: now });
    return { ...session, language: user.language };
  });
}
