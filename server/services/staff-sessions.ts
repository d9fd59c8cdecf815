import { randomBytes } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { staffSessions, staffUsers } from "../db/schema";
import { sha256Hex } from "./secrets";

// Staff sessions (decision 0022): a 128-bit token in an HttpOnly cookie of their own, only its
// SHA-256 stored; ended after 30 minutes without a call or 12 hours in all. Nothing of an
// applicant's session opens a staff call, nor the other way round.

export const STAFF_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const STAFF_SESSION_MAX_AGE_MS = 12 * 60 * 60 * 1000;
/** Writing last_seen_at on every call would turn each read into a write; a minute is precise enough. */
const TOUCH_INTERVAL_MS = 60_000;

export type StaffUser = { staffId: string; email: string; idHash: string };

export async function createStaffSession(
  db: Database,
  staffId: string,
  now: Date,
): Promise<{ token: string }> {
  const token = randomBytes(16).toString("base64url");
  await db.insert(staffSessions).values({
    idHash: sha256Hex(token),
    staffId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + STAFF_SESSION_MAX_AGE_MS),
  });
  return { token };
}

/** The session's staff member if it is active; an idle session is ended, an active one touched. */
export async function findStaffSession(db: Database, token: string, now: Date): Promise<StaffUser | null> {
  const idHash = sha256Hex(token);
  const [row] = await db
    .select({ staffId: staffSessions.staffId, email: staffUsers.email, lastSeenAt: staffSessions.lastSeenAt })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
    .where(and(eq(staffSessions.idHash, idHash), gt(staffSessions.expiresAt, now)));
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > STAFF_IDLE_TIMEOUT_MS) {
    await endStaffSession(db, idHash);
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(staffSessions)
      .set({ lastSeenAt: sql`greatest(${staffSessions.lastSeenAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(staffSessions.idHash, idHash));
  }
  return { staffId: row.staffId, email: row.email, idHash };
}

export async function endStaffSession(db: Database, idHash: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.idHash, idHash));
}

/** Deletes sessions past their absolute expiry or idle for longer than allowed. */
export async function purgeExpiredStaffSessions(db: Database, now: Date): Promise<void> {
  await db.delete(staffSessions).where(lt(staffSessions.expiresAt, now));
  await db
    .delete(staffSessions)
    .where(lt(staffSessions.lastSeenAt, new Date(now.getTime() - STAFF_IDLE_TIMEOUT_MS)));
}
