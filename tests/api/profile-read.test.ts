import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Statement, StatementRunner } from "../../server/db/database";
import {
  addAnotherCounts,
  answers,
  applications,
  documentAnswers,
  loginEvents,
  tabChoices,
  webStatusEntries,
} from "../../server/db/schema";
import { readProfile } from "../../server/services/profile";
import type { Profile } from "../../src/shared/api-types";
import { IDLE_TIMEOUT_MS } from "../../src/shared/constants";
import { getProfile } from "../helpers/api";
import { counting, expireSession, lastSeen, setLastSeen } from "../helpers/statement-runs";
import { createTestApp, signedInUser, type TestApp } from "../helpers/test-app";

// services/profile.ts (issue 33, migration 0016): GET /api/profile is one statement, the session
// check included, and the JSON the database builds is the spec §7 shape the client reads
// (tests/api/profile.test.ts pins the shape through the route).

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test?.close();
});

async function read(token: string, runner: StatementRunner = counting(test)): Promise<Profile | null> {
  const body = await readProfile(runner, token, test.app.clock);
  return body === null ? null : (JSON.parse(body) as Profile);
}

// Times with microseconds, which a JavaScript Date cannot hold: the profile says them to the
// millisecond, cut as toISOString cuts a Date read from the database.
const AT_MICROSECONDS: Statement = {
  name: "test_profile_read_login_at",
  text: "insert into login_events (user_id, created_at) values ($1::uuid, $2::timestamptz)",
};

describe("readProfile", () => {
  it("reads a whole application with its session check in one statement", async () => {
    const user = await signedInUser(test);
    const db = test.database.db;
    await db.insert(answers).values([
      { userId: user.userId, key: "first_name", value: "Ada" },
      { userId: user.userId, key: "college_name", value: 'Riverside "Cmty" College\n€' },
      { userId: user.userId, key: "city", value: "" },
    ]);
    await db.insert(applications).values({ userId: user.userId, lastPage: "/education" });
    await db.insert(documentAnswers).values([
      { userId: user.userId, answerKey: "resume_file", objectKey: "k1", fileName: "cv.pdf", fileSize: 2048 },
      { userId: user.userId, answerKey: "essay", objectKey: "k2", fileName: "é ssay.docx", fileSize: 1 },
    ]);
    await test.database.statements.run(AT_MICROSECONDS, [user.userId, "2026-01-02 10:00:00.123999+00"]);
    await db.insert(loginEvents).values({ userId: user.userId, createdAt: new Date("2026-01-01T09:00:00Z") });
    await db.insert(webStatusEntries).values([
      { userId: user.userId, webStatus: "started", createdAt: new Date("2026-01-03T10:00:00.500Z") },
      { userId: user.userId, webStatus: "validating", createdAt: new Date("2026-01-01T10:00:00Z") },
    ]);
    await db.insert(addAnotherCounts).values({ userId: user.userId, buttonId: "college", numComponents: 3 });
    await db.insert(tabChoices).values({ userId: user.userId, tabId: "transcript_tab", chosenTab: "upload" });

    const runner = counting(test);
    const before = test.app.clock().getTime();
    const profile = await read(user.token, runner);
    expect([runner.statements, runner.transactions]).toStrictEqual([1, 0]);
    expect(profile).toStrictEqual({
      answer: { first_name: "Ada", college_name: 'Riverside "Cmty" College\n€', city: "" },
      document_answer: {
        resume_file: { file_name: "cv.pdf", file_size: 2048 },
        essay: { file_name: "é ssay.docx", file_size: 1 },
      },
      username: user.username,
      last_page: "/education",
      // In the order they were recorded (by id), not by time.
      successful_login: [
        { created_at: "2026-01-02T10:00:00.123Z" },
        { created_at: "2026-01-01T09:00:00.000Z" },
      ],
      web_status: [
        { web_status: "started", created_at: "2026-01-03T10:00:00.500Z" },
        { web_status: "validating", created_at: "2026-01-01T10:00:00.000Z" },
      ],
      add_another: { college: 3 },
      tabs: { transcript_tab: "upload" },
      server_time: expect.any(Number),
    });
    expect(profile?.server_time).toBeGreaterThanOrEqual(before);
    expect(profile?.server_time).toBeLessThanOrEqual(test.app.clock().getTime());
  });

  it("records the session's activity once a minute in the same statement", async () => {
    const user = await signedInUser(test);
    test.freezeClock();
    try {
      const now = test.app.clock().getTime();
      await setLastSeen(test, user.token, new Date(now - 120_000));
      const runner = counting(test);
      expect((await read(user.token, runner))?.username).toBe(user.username);
      expect([runner.statements, runner.transactions]).toStrictEqual([1, 0]);
      expect(await lastSeen(test, user.token)).toBe(now);
    } finally {
      test.freezeClock(false);
    }
  });

  it("reads nothing for a session that is not active, in one statement, and ends an idle one", async () => {
    const unknown = counting(test);
    expect(await read("no-such-session", unknown)).toBeNull();
    expect([unknown.statements, unknown.transactions]).toStrictEqual([1, 0]);

    const expired = await signedInUser(test);
    await expireSession(test, expired.token);
    expect(await read(expired.token)).toBeNull();

    const idle = await signedInUser(test);
    await setLastSeen(test, idle.token, new Date(test.app.clock().getTime() - IDLE_TIMEOUT_MS));
    expect(await read(idle.token)).toBeNull();
    expect(await lastSeen(test, idle.token)).toBeNull();
    // The route answers such a session as every other /api/* call does.
    expect((await getProfile(test, idle.cookie)).statusCode).toBe(401);
  });
});
