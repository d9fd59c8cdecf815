import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/database";
import { webStatusEntries } from "../db/schema";
import { HttpError } from "../http-error";
import { lockApplication } from "./applications";

/** Spec §3 "Web status values"; the client derives the status from the distinct entries (§4). */
export const WEB_STATUSES = ["started", "validating", "submitted"] as const;
export type WebStatus = (typeof WEB_STATUSES)[number];

/** `submitted` posted for an application the submit call has not submitted (409). */
export const SUBMIT_ELSEWHERE_MESSAGE =
  "Your application has not been submitted yet: use POST /api/submit to submit it.";

/**
 * Adds the status to the user's entries unless it is already there, so repeats (the client retries
 * the call, several tabs post it) leave one entry per status. The application row lock makes the
 * check-then-insert safe against a concurrent post of the same status.
 *
 * "submitted" (spec §4 step 4: the client posts it after `POST /api/submit`) is accepted only once
 * the application is submitted, where it changes nothing (the submit recorded every status). Only
 * the submit call, which checks the whole application, submits: before it, 409.
 */
export async function recordWebStatus(
  tx: Database,
  userId: string,
  status: WebStatus,
  now: Date,
): Promise<void> {
  const { submittedAt } = await lockApplication(tx, userId, now);
  if (status === "submitted" && submittedAt === null) throw new HttpError(409, SUBMIT_ELSEWHERE_MESSAGE);
  await addMissingWebStatuses(tx, userId, [status], now);
}

/**
 * Adds, in the order given, each status the user has no entry for yet. The caller holds the
 * application row lock (lockApplication).
 */
export async function addMissingWebStatuses(
  tx: Database,
  userId: string,
  statuses: readonly WebStatus[],
  now: Date,
): Promise<void> {
  const existing = await tx
    .select({ webStatus: webStatusEntries.webStatus })
    .from(webStatusEntries)
    .where(and(eq(webStatusEntries.userId, userId), inArray(webStatusEntries.webStatus, [...statuses])));
  const recorded = new Set(existing.map((row) => row.webStatus));
  const missing = statuses.filter((status) => !recorded.has(status));
  // One statement: identity ids follow the list's order, and the profile lists entries by id.
  if (missing.length > 0) {
    await tx
      .insert(webStatusEntries)
      .values(missing.map((webStatus) => ({ userId, webStatus, createdAt: now })));
  }
}
