import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Database } from "../db/database";
import { staffInvites, staffSessions, staffUsers } from "../db/schema";
import { hashPassword } from "./passwords";
import { randomToken, sha256Hex } from "./secrets";

// Staff accounts (decision 0022): made by `npm run staff:invite`, which mails a link to set the
// password. An invitation to an existing account is a new link to set a new one (how a forgotten
// staff password is replaced). Only the SHA-256 of a link's token is stored; a link is used once.

export const INVITE_LIFETIME_MS = 72 * 60 * 60 * 1000;

/** A new invitation for `email` (the account made if needed); earlier links stop working. */
export async function inviteStaff(db: Database, email: string, now: Date): Promise<{ token: string }> {
  const token = randomToken();
  await db.transaction(async (tx) => {
    await tx
      .insert(staffUsers)
      .values({ email, createdAt: now })
      .onConflictDoNothing({ target: staffUsers.email });
    const [staff] = await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.email, email));
    if (!staff) throw new Error("staff account vanished after insert");
    await tx.delete(staffInvites).where(eq(staffInvites.staffId, staff.id));
    await tx.insert(staffInvites).values({
      tokenHash: sha256Hex(token),
      staffId: staff.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITE_LIFETIME_MS),
    });
  });
  return { token };
}

/**
 * Sets the password of the invitation's account and uses the invitation up, ending the account's
 * sessions; false for an unknown, used or expired link (the caller answers them alike).
 */
export async function setStaffPassword(
  db: Database,
  token: string,
  password: string,
  now: Date,
): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [invite] = await tx
      .update(staffInvites)
      .set({ usedAt: now })
      .where(
        and(
          eq(staffInvites.tokenHash, sha256Hex(token)),
          isNull(staffInvites.usedAt),
          gt(staffInvites.expiresAt, now),
        ),
      )
      .returning({ staffId: staffInvites.staffId });
    if (!invite) return false;
    await tx.update(staffUsers).set({ passwordHash }).where(eq(staffUsers.id, invite.staffId));
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, invite.staffId));
    return true;
  });
}

/** Deletes invitations a day past their expiry (hourly, with the other purges). */
export async function purgeExpiredStaffInvites(db: Database, now: Date): Promise<void> {
  await db
    .delete(staffInvites)
    .where(lt(staffInvites.expiresAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
}
