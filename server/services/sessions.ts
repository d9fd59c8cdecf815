import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { IDLE_TIMEOUT_MS, SESSION_MAX_AGE_MS } from "../../src/shared/constants";
import type { Database } from "../db/database";
import { sessions, users } from "../db/schema";

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

/** The session's user if the token is valid, not past its absolute expiry and not idle too long. */
export async function findActiveSession(db: Database, token: string, now: Date): Promise<SessionUser | null> {
  const idHash = hashSessionToken(token);
  const [row] = await db
    .select({ userId: sessions.userId, username: users.username, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  const idleFor = now.getTime() - row.lastSeenAt.getTime();
  if (idleFor >= IDLE_TIMEOUT_MS) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  if (idleFor >= TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
  }
  return { userId: row.userId, username: row.username, idHash };
}

export async function endSession(db: Database, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** Ends every session of the user (after a password change). */
export async function endAllSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
