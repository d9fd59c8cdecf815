import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { DestinationStream } from "pino";
import { type AppOptions, buildApp } from "../../server/app";
import { DEFAULT_MAIL_FROM } from "../../server/config";
import { type DatabaseHandle, openDatabase } from "../../server/db/database";
import { users } from "../../server/db/schema";
import { createSession } from "../../server/services/sessions";
import { CLIENT_HEADER, SESSION_COOKIE } from "../../src/shared/constants";

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** A temporary DATA_DIR (the mail outbox is `outbox/` in it), removed on close. */
  dataDir: string;
  /** Moves the app's clock; tests of expiry jump instead of waiting. */
  advanceClock(ms: number): void;
  /**
   * Stops the app's clock where it is (`false` lets it run again): only advanceClock moves it, so
   * a test that asserts exact durations (a 30 s lock, a Retry-After) does not depend on how long
   * its requests take on a busy machine.
   */
  freezeClock(frozen?: boolean): void;
  close(): Promise<void>;
};

/** Links in test mails point here, never at the Host header of a request. */
export const TEST_PUBLIC_URL = "https://apply.northbridge.example";

export type TestAppOptions = {
  clientDir?: string;
  /** Send mail to this SMTP server; otherwise mail goes to the outbox in `dataDir`. */
  smtpUrl?: string;
  /** Capture log lines (info and above) instead of silencing them. */
  logStream?: DestinationStream;
  /** Autocomplete providers laid over the defaults (`address`, `name`). */
  lookupProviders?: AppOptions["lookupProviders"];
  /** The form catalogue the server checks against (default: the real one). */
  catalogue?: AppOptions["catalogue"];
};

/** The config every test app gets, with a mail outbox in `dataDir`. */
export function testConfig(dataDir: string, options: TestAppOptions = {}): AppOptions["config"] {
  return {
    logLevel: options.logStream ? "info" : "silent",
    trustProxy: false,
    clientDir: options.clientDir,
    dataDir,
    smtpUrl: options.smtpUrl,
    mailFrom: DEFAULT_MAIL_FROM,
    publicUrl: TEST_PUBLIC_URL,
  };
}

/**
 * The real app on a real database: PostgreSQL when DATABASE_URL is set (CI runs the suite both
 * ways), otherwise a fresh in-memory PGlite. Tests use unique usernames, so they can share one.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const url = process.env.DATABASE_URL;
  const database = await openDatabase(url ? { url } : {});
  await database.migrate();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "admissions-test-data-"));
  let offsetMs = 0;
  let frozenAt: number | null = null;
  const app = await buildApp({
    config: testConfig(dataDir, options),
    database,
    clock: () => new Date((frozenAt ?? Date.now()) + offsetMs),
    logStream: options.logStream,
    lookupProviders: options.lookupProviders,
    catalogue: options.catalogue,
  });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    advanceClock(ms) {
      offsetMs += ms;
    },
    freezeClock(frozen = true) {
      // Running again, it catches up with the time that passed meanwhile (it never goes back).
      frozenAt = frozen ? (frozenAt ?? Date.now()) : null;
    },
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
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
