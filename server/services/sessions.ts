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

const FIND_SESSION: Statement = {
  name: "session_find",
  text: `select sessions.user_id, users.username, sessions.last_seen_at from sessions
join users on users.id = sessions.user_id
where sessions.id_hash = $1::text and sessions.expires_at > $2::timestamptz limit 1`,
};
const END_IDLE_SESSION: Statement = {
  name: "session_end_idle",
  text: "delete from sessions where id_hash = $1::text",
};
const TOUCH_SESSION: Statement = {
  name: "session_touch",
  text: "update sessions set last_seen_at = $2::timestamptz where id_hash = $1::text",
};

/**
 * The session's user if the token is valid, not past its absolute expiry and not idle too long.
 * Run for every `/api/*` call, so as prepared statements (issue 15).
 */
export async function findActiveSession(
  statements: StatementRunner,
  token: string,
  now: Date,
): Promise<SessionUser | null> {
  const idHash = hashSessionToken(token);
  const [row] = await statements.run<{ user_id: string; username: string; last_seen_at: Date | string }>(
    FIND_SESSION,
    [idHash, now],
  );
  if (!row) return null;
  const idleFor = now.getTime() - new Date(row.last_seen_at).getTime();
  if (idleFor >= IDLE_TIMEOUT_MS) {
    await statements.run(END_IDLE_SESSION, [idHash]);
    return null;
  }
  if (idleFor >= TOUCH_INTERVAL_MS) await statements.run(TOUCH_SESSION, [idHash, now]);
  return { userId: row.user_id, username: row.username, idHash };
}

export async function endSession(db: Database, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** Ends every session of the user (after a password change). */
export async function endAllSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
