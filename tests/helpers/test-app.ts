import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../server/app";
import { type DatabaseHandle, openDatabase } from "../../server/db/database";
import { users } from "../../server/db/schema";
import { createSession } from "../../server/services/sessions";
import { CLIENT_HEADER, SESSION_COOKIE } from "../../src/shared/constants";

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Moves the app's clock; tests of expiry jump instead of waiting. */
  advanceClock(ms: number): void;
  close(): Promise<void>;
};

/**
 * The real app on a real database: PostgreSQL when DATABASE_URL is set (CI runs the suite both
 * ways), otherwise a fresh in-memory PGlite. Tests use unique usernames, so they can share one.
 */
export async function createTestApp(options: { clientDir?: string } = {}): Promise<TestApp> {
  const url = process.env.DATABASE_URL;
  const database = await openDatabase(url ? { url } : {});
  await database.migrate();
  let offsetMs = 0;
  const app = await buildApp({
    config: { logLevel: "silent", trustProxy: false, clientDir: options.clientDir },
    database,
    clock: () => new Date(Date.now() + offsetMs),
  });
  await app.ready();
  return {
    app,
    database,
    advanceClock(ms) {
      offsetMs += ms;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Creates a confirmed user with a session directly in the database; returns the cookie header. */
export async function signedInUser(test: TestApp, username = `applicant-${randomUUID()}@example.edu`) {
  const [user] = await test.database.db
    .insert(users)
    .values({ username, confirmedAt: test.app.clock() })
    .returning({ id: users.id });
  if (!user) throw new Error("user insert returned nothing");
  const { token } = await createSession(test.database.db, user.id, test.app.clock());
  return { userId: user.id, username, cookie: `${SESSION_COOKIE}=${token}` };
}

/** Headers our API client sends on every call. */
export function clientHeaders(cookie: string, extra: Record<string, string> = {}) {
  return { cookie, [CLIENT_HEADER]: "1", ...extra };
}

export function idempotencyKey(): string {
  return `test-${randomUUID()}`;
}
