import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { IDLE_TIMEOUT_MS, SESSION_MAX_AGE_MS } from "../../src/shared/constants";
import type { Database, Statement, StatementRunner } from "../db/database";
import { sessions } from "../db/schema";

export type SessionUser = { userId: string; username: string; idHash: string };

/** Writing last_seen_at on every request would turn each read into a write; a minute is precise enough. */
const TOUCH_INTERVAL_MS = 60_000;

export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Opens a new session with a 128-bit random token; only its hash is stored. */
export async function createSession(db: Database, userId: string, now: Date): Promise<{ token: string }> {
  const token = randomBytes(16).toString("base64url");
  await db.insert(sessions).values({
    idHash: hashSessionToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_MS),
  });
  return { token };
}

// The session rules (active, idle, touched) are the SQL function session_check's (migration
// 0012), so the save can check the session in its own statement (services/answer-save.ts).
const CHECK_SESSION: Statement = {
  name: "session_check",
  text: `select session_user_id, session_username
from session_check($1::text, $2::timestamptz, $3::bigint, $4::bigint)`,
};

/** session_check's parameters after the token's hash: now, the idle timeout, the touch interval. */
export function sessionCheckParameters(now: Date): [Date, number, number] {
  return [now, IDLE_TIMEOUT_MS, TOUCH_INTERVAL_MS];
}

/**
 * The session's user if the token is valid, not past its absolute expiry and not idle too long
 * (an idle session is ended); its activity recorded at most once a minute. One prepared
 * statement, run for every `/api/*` call but the save, which checks the session itself.
 */
export async function findActiveSession(
  statements: StatementRunner,
  token: string,
  now: Date,
): Promise<SessionUser | null> {
  const idHash = hashSessionToken(token);
  const [row] = await statements.run<{ session_user_id: string; session_username: string }>(CHECK_SESSION, [
    idHash,
    ...sessionCheckParameters(now),
  ]);
  return row ? { userId: row.session_user_id, username: row.session_username, idHash } : null;
}

export async function endSession(db: Database, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** Ends every session of the user (after a password change). */
export async function endAllSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
