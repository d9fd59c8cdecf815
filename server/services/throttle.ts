import { and, eq, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { throttles } from "../db/schema";
import { HttpError } from "../http-error";
import { sha256Hex } from "./secrets";

// Throttles and rate limits kept in the database, so every API process sees the same counts.

export type ThrottleScope =
  /** Failed logins per normalised address (whether or not an account exists). */
  | "login-account"
  /** Failed logins per client IP. */
  | "login-ip"
  /** Confirmation-code mails (sign-up and resend) per address. */
  | "confirm-mail"
  /** Wrong confirmation codes per address, since the last code was issued. */
  | "confirm-attempts"
  /** Password-reset mails per address. */
  | "reset-mail"
  /** Signed uploads (POST /api/presigned-url) per user. */
  | "upload-url"
  /** Application PDFs started (GET /api/pdf for a changed application) per user. */
  | "application-pdf"
  /** "Continue on another device" links made per client IP. */
  | "draft-link-ip"
  /** Draft links e-mailed per address, and per client IP. */
  | "draft-link-mail"
  | "draft-link-mail-ip"
  /** Integration API calls per API key (decision 0022). */
  | "api-key"
  /** Failed staff sign-ins (password step) per normalised address, and per client IP. */
  | "staff-login-account"
  | "staff-login-ip"
  /** Staff sign-in codes mailed per address. */
  | "staff-code-mail"
  /** Wrong staff sign-in codes per client IP (each sign-in also ends after a few). */
  | "staff-code-ip";

/** The longest window or memory of any scope: rows older than this are dead. */
export const LONGEST_WINDOW_MS = 24 * 60 * 60 * 1000;

export type Subject = { scope: ThrottleScope; value: string };

function matches(subject: Subject): SQL | undefined {
  return and(eq(throttles.scope, subject.scope), eq(throttles.subjectHash, sha256Hex(subject.value)));
}

function timestamp(date: Date): SQL {
  return sql`${date.toISOString()}::timestamptz`;
}

/**
 * Counts one event in a fixed window that opens at the subject's first event and lasts `windowMs`.
 * Atomic (one upsert), so concurrent requests from several processes are all counted.
 */
export async function countEvent(
  db: Database,
  subject: Subject,
  now: Date,
  windowMs: number,
): Promise<{ count: number; windowEndsAt: Date }> {
  const expired = sql`${throttles.windowStart} <= ${timestamp(new Date(now.getTime() - windowMs))}`;
  const [row] = await db
    .insert(throttles)
    .values({ scope: subject.scope, subjectHash: sha256Hex(subject.value), count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: [throttles.scope, throttles.subjectHash],
      set: {
        count: sql`case when ${expired} then 1 else ${throttles.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${timestamp(now)} else ${throttles.windowStart} end`,
      },
    })
    .returning({ count: throttles.count, windowStart: throttles.windowStart });
  if (!row) throw new Error("throttle upsert returned nothing");
  return { count: row.count, windowEndsAt: new Date(row.windowStart.getTime() + windowMs) };
}

/** Takes back one counted event (an attempt that turned out not to be a failure). */
export async function uncountEvent(db: Database, subject: Subject): Promise<void> {
  await db
    .update(throttles)
    .set({ count: sql`greatest(${throttles.count} - 1, 0)` })
    .where(matches(subject));
}

export async function resetThrottle(db: Database, subject: Subject): Promise<void> {
  await db.delete(throttles).where(matches(subject));
}

export type LockPolicy = {
  /** Attempts counted before any lock. */
  freeAttempts: number;
  /** Lock after the first attempt beyond the free ones; doubles with each further one. */
  firstLockMs: number;
  maxLockMs: number;
  /** The count starts again this long after its first attempt. */
  forgetAfterMs: number;
};

export type Claim = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Claims one attempt for a subject with escalating locks. The attempt is counted as a failure up
 * front, and the lock it would earn is set before it is evaluated: however many requests arrive
 * at once, at most one gets past a lock. The caller resets the throttle on success.
 */
export async function claimAttempt(
  db: Database,
  subject: Subject,
  now: Date,
  policy: LockPolicy,
): Promise<Claim> {
  const subjectHash = sha256Hex(subject.value);
  return db.transaction(async (tx) => {
    await tx
      .insert(throttles)
      .values({ scope: subject.scope, subjectHash, count: 0, windowStart: now })
      .onConflictDoNothing();
    const [row] = await tx.select().from(throttles).where(matches(subject)).for("update");
    if (!row) throw new Error("throttle row vanished between insert and read");
    if (row.lockedUntil && row.lockedUntil > now) {
      return { allowed: false, retryAfterMs: row.lockedUntil.getTime() - now.getTime() };
    }
    const forgotten = now.getTime() - row.windowStart.getTime() >= policy.forgetAfterMs;
    const count = (forgotten ? 0 : row.count) + 1;
    const beyond = count - policy.freeAttempts;
    const lockMs = beyond > 0 ? Math.min(policy.firstLockMs * 2 ** (beyond - 1), policy.maxLockMs) : 0;
    await tx
      .update(throttles)
      .set({
        count,
        windowStart: forgotten ? now : row.windowStart,
        lockedUntil: lockMs > 0 ? new Date(now.getTime() + lockMs) : null,
      })
      .where(matches(subject));
    return { allowed: true };
  });
}

/** Deletes counters whose window and lock are both over (run periodically). */
export async function purgeExpiredThrottles(db: Database, now: Date): Promise<void> {
  await db
    .delete(throttles)
    .where(
      and(
        lt(throttles.windowStart, new Date(now.getTime() - LONGEST_WINDOW_MS)),
        or(isNull(throttles.lockedUntil), lt(throttles.lockedUntil, now)),
      ),
    );
}

/** A 429 with Retry-After in whole seconds (at least one). */
export function tooManyRequests(message: string, retryAfterMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpError(429, message, { headers: { "retry-after": String(seconds) } });
}
