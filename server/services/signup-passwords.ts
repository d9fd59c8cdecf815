import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { signupPasswords } from "../db/schema";
import { getDummyHash, verifyPassword } from "./passwords";
import { randomToken, sha256Hex } from "./secrets";

/**
 * The passwords of an account waiting for confirmation, one per distinct password its sign-ups
 * chose, each with the browsers that chose it (issue 36, pre-account takeover). Whoever confirms
 * holds the mailbox, but a code says nothing about which sign-up was theirs: the browser does. The
 * account gets the password chosen in the browser that confirms; a browser that chose none gets
 * the only one there is, and when sign-ups disagreed, none (the owner is mailed a link to choose
 * one). So a second sign-up, before or after the owner's, never decides the owner's password.
 */

/** Distinct passwords kept per account: older ones are dropped (their browsers then hold nothing). */
export const MAX_PENDING_PASSWORDS = 3;

/** A browser's claim on its sign-ups: the `signup` cookie's token, stored only as a hash. */
export function newBrowserToken(): { token: string; hash: string } {
  const token = randomToken();
  return { token, hash: sha256Hex(token) };
}

export const browserTokenHash = (token: string | undefined) => (token ? sha256Hex(token) : undefined);

type PendingRow = { id: string; passwordHash: string };

function pendingOf(db: Database, userId: string): Promise<PendingRow[]> {
  return db
    .select({ id: signupPasswords.id, passwordHash: signupPasswords.passwordHash })
    .from(signupPasswords)
    .where(eq(signupPasswords.userId, userId))
    .orderBy(desc(signupPasswords.createdAt))
    .limit(MAX_PENDING_PASSWORDS);
}

/**
 * The row whose password `password` is. Always MAX_PENDING_PASSWORDS verifications (dummies for
 * missing rows), so a sign-up takes as long for a new, an unconfirmed or a confirmed address.
 */
async function matchingRow(rows: PendingRow[], password: string): Promise<string | undefined> {
  let match: string | undefined;
  for (let i = 0; i < MAX_PENDING_PASSWORDS; i++) {
    const row = rows[i];
    const matches = await verifyPassword(row?.passwordHash ?? (await getDummyHash()), password);
    if (row && matches) match ??= row.id;
  }
  return match;
}

/** What recordSignupPassword costs, for a sign-up that records nothing (a new or confirmed address). */
export async function spendSignupVerification(password: string): Promise<void> {
  await matchingRow([], password);
}

/**
 * Records a sign-up's password for an unconfirmed account and binds the browser to it: to the row
 * of the same password when an earlier sign-up chose it (the same person again), else a new row.
 */
export async function recordSignupPassword(
  db: Database,
  input: { userId: string; password: string; passwordHash: string; browserTokenHash: string; now: Date },
): Promise<void> {
  const match = await matchingRow(await pendingOf(db, input.userId), input.password);
  if (match) return bindBrowser(db, match, input.browserTokenHash);
  await db.insert(signupPasswords).values({
    userId: input.userId,
    passwordHash: input.passwordHash,
    browserTokenHashes: [input.browserTokenHash],
    createdAt: input.now,
  });
  const kept = (await pendingOf(db, input.userId)).map((row) => row.id);
  await db
    .delete(signupPasswords)
    .where(and(eq(signupPasswords.userId, input.userId), notInArray(signupPasswords.id, kept)));
}

export async function bindBrowser(db: Database, rowId: string, tokenHash: string): Promise<void> {
  await db
    .update(signupPasswords)
    .set({ browserTokenHashes: sql`array_append(${signupPasswords.browserTokenHashes}, ${tokenHash})` })
    .where(eq(signupPasswords.id, rowId));
}

/**
 * For a login to an unconfirmed account: the pending password that `password` is, if any. A login
 * that knows it counts as that sign-up's browser (the code may then be typed there).
 */
export async function matchLoginPassword(
  db: Database,
  userId: string,
  password: string,
): Promise<string | undefined> {
  const rows = await pendingOf(db, userId);
  if (rows.length === 0) await verifyPassword(undefined, password);
  for (const row of rows) if (await verifyPassword(row.passwordHash, password)) return row.id;
  return undefined;
}

/**
 * The password confirmation gives the account, and clears the pending ones: the one chosen in this
 * browser; else the only one there is; else none (sign-ups chose different passwords and this
 * browser made none of them: the caller mails a link to choose one).
 */
export async function takeConfirmedPassword(
  db: Database,
  userId: string,
  tokenHash: string | undefined,
): Promise<string | null> {
  const rows = await db
    .delete(signupPasswords)
    .where(eq(signupPasswords.userId, userId))
    .returning({ passwordHash: signupPasswords.passwordHash, browsers: signupPasswords.browserTokenHashes });
  const chosenHere = tokenHash ? rows.find((row) => row.browsers.includes(tokenHash)) : undefined;
  const chosen = chosenHere ?? (rows.length === 1 ? rows[0] : undefined);
  return chosen?.passwordHash ?? null;
}
