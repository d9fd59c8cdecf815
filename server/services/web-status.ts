import { and, eq } from "drizzle-orm";
import type { Database } from "../db/database";
import { webStatusEntries } from "../db/schema";
import { lockApplication } from "./applications";

/** Spec §3 "Web status values"; the client derives the status from the distinct entries (§4). */
export const WEB_STATUSES = ["started", "validating", "submitted"] as const;
export type WebStatus = (typeof WEB_STATUSES)[number];

/**
 * Adds the status to the user's entries unless it is already there, so repeats (the client retries
 * the call, several tabs post it) leave one entry per status. The application row lock makes the
 * check-then-insert safe against a concurrent post of the same status.
 */
export async function recordWebStatus(
  tx: Database,
  userId: string,
  status: WebStatus,
  now: Date,
): Promise<void> {
  await lockApplication(tx, userId, now);
  const [existing] = await tx
    .select({ id: webStatusEntries.id })
    .from(webStatusEntries)
    .where(and(eq(webStatusEntries.userId, userId), eq(webStatusEntries.webStatus, status)))
    .limit(1);
  if (!existing) await tx.insert(webStatusEntries).values({ userId, webStatus: status, createdAt: now });
}
