import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmationCodes, passwordResetTokens, throttles } from "../../server/db/schema";
import { purgeExpiredCodes } from "../../server/services/confirmation-codes";
import { purgeExpiredResetTokens } from "../../server/services/password-reset";
import { sha256Hex } from "../../server/services/secrets";
import { purgeExpiredThrottles } from "../../server/services/throttle";
import { createAccount } from "../helpers/auth";
import { createTestApp, type TestApp } from "../helpers/test-app";

// The hourly purge of server/main.ts. It runs with the real clock, as in production, so it only
// touches rows dated more than a day ago: those inserted here, never another test's.

const HOUR = 60 * 60 * 1000;

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test?.close();
});

const ago = (ms: number) => new Date(Date.now() - ms);

describe("purge of account records", () => {
  it("drops throttle rows past the longest window unless still locked", async () => {
    const rows = {
      old: sha256Hex(`old-${Math.random()}`),
      oldLocked: sha256Hex(`locked-${Math.random()}`),
      fresh: sha256Hex(`fresh-${Math.random()}`),
    };
    await test.database.db.insert(throttles).values([
      { scope: "login-ip", subjectHash: rows.old, count: 3, windowStart: ago(25 * HOUR) },
      {
        scope: "login-account",
        subjectHash: rows.oldLocked,
        count: 9,
        windowStart: ago(25 * HOUR),
        lockedUntil: new Date(Date.now() + HOUR),
      },
      { scope: "login-ip", subjectHash: rows.fresh, count: 1, windowStart: ago(HOUR) },
    ]);
    await purgeExpiredThrottles(test.database.db, new Date());
    const left = async (hash: string) =>
      (await test.database.db.select().from(throttles).where(eq(throttles.subjectHash, hash))).length;
    expect(await left(rows.old)).toBe(0);
    expect(await left(rows.oldLocked)).toBe(1);
    expect(await left(rows.fresh)).toBe(1);
  });

  it("drops codes a day after they expired, and reset links once expired", async () => {
    const stale = await createAccount(test, { confirmed: false });
    const recent = await createAccount(test, { confirmed: false });
    await test.database.db.insert(confirmationCodes).values([
      { userId: stale.userId, codeHash: "a", createdAt: ago(49 * HOUR), expiresAt: ago(25 * HOUR) },
      { userId: recent.userId, codeHash: "b", createdAt: ago(25 * HOUR), expiresAt: ago(HOUR) },
    ]);
    const tokens = {
      expired: sha256Hex(`expired-${Math.random()}`),
      live: sha256Hex(`live-${Math.random()}`),
    };
    await test.database.db.insert(passwordResetTokens).values([
      { tokenHash: tokens.expired, userId: stale.userId, createdAt: ago(2 * HOUR), expiresAt: ago(HOUR) },
      { tokenHash: tokens.live, userId: stale.userId, createdAt: ago(0), expiresAt: ago(-HOUR) },
    ]);

    await purgeExpiredCodes(test.database.db, new Date());
    await purgeExpiredResetTokens(test.database.db, new Date());

    const codesOf = async (userId: string) =>
      (await test.database.db.select().from(confirmationCodes).where(eq(confirmationCodes.userId, userId)))
        .length;
    expect(await codesOf(stale.userId)).toBe(0);
    expect(await codesOf(recent.userId)).toBe(1);
    const tokenLeft = async (hash: string) =>
      (
        await test.database.db
          .select()
          .from(passwordResetTokens)
          .where(and(eq(passwordResetTokens.tokenHash, hash), eq(passwordResetTokens.userId, stale.userId)))
      ).length;
    expect(await tokenLeft(tokens.expired)).toBe(0);
    expect(await tokenLeft(tokens.live)).toBe(1);
  });
});
