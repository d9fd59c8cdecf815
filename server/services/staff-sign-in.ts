import { and, eq, gt, lt, sql } from "drizzle-orm";
import { STAFF_MESSAGES } from "../../src/shared/staff";
import type { Database } from "../db/database";
import { staffSignIns, staffUsers } from "../db/schema";
import { HttpError } from "../http-error";
import { IP_FAILURE_LIMIT, IP_WINDOW_MS, LOGIN_LOCK_POLICY } from "./login";
import { verifyPassword } from "./passwords";
import { digestsEqual, randomCode, randomToken, sha256Hex } from "./secrets";
import {
  claimAttempt,
  countEvent,
  resetThrottle,
  type Subject,
  tooManyRequests,
  uncountEvent,
} from "./throttle";

// A staff sign-in in two steps (decision 0022): the password, then a 6-digit code mailed to the
// account's address. The throttles are the applicants' (per address and per IP, counted before
// the password is checked), and the answer to a wrong password is the same for an address with no
// account. Between the steps the sign-in is a row named by the SHA-256 of an HttpOnly cookie's
// token; five wrong codes end it.

export const SIGN_IN_LIFETIME_MS = 10 * 60 * 1000;
const WRONG_CODES_ALLOWED = 5;
const CODE_MAILS_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

const TOO_MANY_ATTEMPTS = (minutes: number) =>
  `Too many attempts to sign in. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
const TOO_MANY_CODES_MAILED =
  "We have sent several codes in the last hour. Please use the latest one, or wait an hour.";

function throttled(retryAfterMs: number): HttpError {
  return tooManyRequests(TOO_MANY_ATTEMPTS(Math.max(1, Math.ceil(retryAfterMs / 60_000))), retryAfterMs);
}

const codeHashOf = (idHash: string, code: string) => sha256Hex(`${idHash}:${code}`);

/**
 * The password step: the sign-in's cookie token and the code to mail, or a refusal (the same for
 * a wrong password and an unknown address).
 */
export async function startStaffSignIn(
  db: Database,
  now: Date,
  input: { email: string; password: string; ip: string },
): Promise<{ token: string; code: string }> {
  const ip: Subject = { scope: "staff-login-ip", value: input.ip };
  const ipWindow = await countEvent(db, ip, now, IP_WINDOW_MS);
  if (ipWindow.count > IP_FAILURE_LIMIT) throw throttled(ipWindow.windowEndsAt.getTime() - now.getTime());
  const account: Subject = { scope: "staff-login-account", value: input.email };
  const claim = await claimAttempt(db, account, now, LOGIN_LOCK_POLICY);
  if (!claim.allowed) {
    await uncountEvent(db, ip);
    throw throttled(claim.retryAfterMs);
  }
  const [staff] = await db
    .select({ id: staffUsers.id, passwordHash: staffUsers.passwordHash })
    .from(staffUsers)
    .where(eq(staffUsers.email, input.email));
  // An unknown address, or one whose password is not set yet, is checked against a dummy hash.
  if (!(await verifyPassword(staff?.passwordHash, input.password)) || !staff) {
    throw new HttpError(400, STAFF_MESSAGES.wrongCredentials);
  }
  await uncountEvent(db, ip);
  await resetThrottle(db, account);
  const mails = await countEvent(db, { scope: "staff-code-mail", value: input.email }, now, HOUR_MS);
  if (mails.count > CODE_MAILS_PER_HOUR) {
    throw tooManyRequests(TOO_MANY_CODES_MAILED, mails.windowEndsAt.getTime() - now.getTime());
  }
  const token = randomToken();
  const code = randomCode();
  const idHash = sha256Hex(token);
  await db.transaction(async (tx) => {
    // Only the latest code works: "check the latest e-mail".
    await tx.delete(staffSignIns).where(eq(staffSignIns.staffId, staff.id));
    await tx.insert(staffSignIns).values({
      idHash,
      staffId: staff.id,
      codeHash: codeHashOf(idHash, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SIGN_IN_LIFETIME_MS),
    });
  });
  return { token, code };
}

/** The code step: the staff member whose sign-in the code completes (the sign-in is used up). */
export async function verifyStaffCode(
  db: Database,
  now: Date,
  input: { token: string | undefined; code: string; ip: string },
): Promise<{ staffId: string }> {
  const ip: Subject = { scope: "staff-code-ip", value: input.ip };
  const ipWindow = await countEvent(db, ip, now, IP_WINDOW_MS);
  if (ipWindow.count > IP_FAILURE_LIMIT) throw throttled(ipWindow.windowEndsAt.getTime() - now.getTime());
  if (!input.token) throw new HttpError(400, STAFF_MESSAGES.signInExpired);
  const idHash = sha256Hex(input.token);
  // The attempt is counted before the code is compared: parallel guesses cannot pass the limit.
  const [attempt] = await db
    .update(staffSignIns)
    .set({ wrongCodes: sql`${staffSignIns.wrongCodes} + 1` })
    .where(
      and(
        eq(staffSignIns.idHash, idHash),
        gt(staffSignIns.expiresAt, now),
        lt(staffSignIns.wrongCodes, WRONG_CODES_ALLOWED),
      ),
    )
    .returning({
      staffId: staffSignIns.staffId,
      codeHash: staffSignIns.codeHash,
      tries: staffSignIns.wrongCodes,
    });
  if (!attempt) throw new HttpError(400, STAFF_MESSAGES.signInExpired);
  if (digestsEqual(codeHashOf(idHash, input.code), attempt.codeHash)) {
    await db.delete(staffSignIns).where(eq(staffSignIns.idHash, idHash));
    await uncountEvent(db, ip);
    return { staffId: attempt.staffId };
  }
  if (attempt.tries >= WRONG_CODES_ALLOWED) {
    await db.delete(staffSignIns).where(eq(staffSignIns.idHash, idHash));
    throw new HttpError(400, STAFF_MESSAGES.tooManyCodes);
  }
  throw new HttpError(400, STAFF_MESSAGES.codeWrong);
}

/** Deletes sign-ins past their expiry. */
export async function purgeExpiredStaffSignIns(db: Database, now: Date): Promise<void> {
  await db.delete(staffSignIns).where(lt(staffSignIns.expiresAt, now));
}
