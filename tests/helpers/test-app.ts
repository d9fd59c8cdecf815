import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pino, { type DestinationStream } from "pino";
import { type AppOptions, buildApp } from "../../server/app";
import type { ApplicationPrinter } from "../../server/application-pdf/application-printer";
import { DEFAULT_MAIL_FROM } from "../../server/config";
import type { DocumentConverter } from "../../server/conversion/types";
import { type DatabaseHandle, openDatabase } from "../../server/db/database";
import { users } from "../../server/db/schema";
import {
  type ConversionJobPolicy,
  DEFAULT_APPLICATION_PDF_POLICY,
  DEFAULT_CONVERSION_POLICY,
  DEFAULT_WEBHOOK_POLICY,
  type JobPolicy,
  JobQueue,
} from "../../server/jobs/job-queue";
import { startApplicationPdfWorkers, startWebhookWorkers, startWorkers } from "../../server/jobs/workers";
import { createSession } from "../../server/services/sessions";
import { createObjectStore } from "../../server/storage/create-object-store";
import type { ObjectStore } from "../../server/storage/object-store";
import type { FormPage } from "../../src/form/catalogue-types";
import { formPages } from "../../src/form/pages/form-pages";
import { CLIENT_HEADER, SESSION_COOKIE } from "../../src/shared/constants";
import { migratedTemplate } from "./pglite-template";

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

export type DocumentParts = {
  /** Where documents are kept (local disk in `dataDir/objects` unless the test passed a store). */
  store: ObjectStore;
  /** The job queue conversions go to (workers run in this process only with `conversions`). */
  queue: JobQueue;
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
  /** Documents in this store instead of local disk in `dataDir` (e.g. S3 against s3rver). */
  objectStore?: ObjectStore;
  /** Run conversion jobs in this process with this converter (otherwise none run here). */
  conversions?: { converter: DocumentConverter; policy?: Partial<ConversionJobPolicy>; concurrency?: number };
  /**
   * Run application PDF jobs in this process with `printer` (a stand-in, or Chromium's). `pages`:
   * the catalogue the job renders and names documents from (by default the app's `catalogue`,
   * else the real one).
   */
  applicationPdfs?: {
    printer: ApplicationPrinter;
    policy?: Partial<JobPolicy>;
    concurrency?: number;
    pages?: readonly FormPage[];
  };
  /** A PostgreSQL database other than DATABASE_URL's (e.g. one a test started). */
  databaseUrl?: string;
  /**
   * The job queue's schema. Default: pg-boss's own on a fresh PGlite; on a shared PostgreSQL a
   * schema of this app's own (dropped on close), so no other test app's workers take its jobs.
   */
  jobQueueSchema?: string;
  /** Registers the browser tests' POST /__test__/session (E2E_TEST_HOOKS). */
  testHooks?: boolean;
  /** The proxies in front (TRUST_PROXY); none by default. */
  trustProxy?: AppOptions["config"]["trustProxy"];
  /**
   * Make the DATA_DIR in this directory (by default the system's temporary one), e.g. a small file
   * system; with `embeddedDatabase`, the database is PGlite in it (`pgdata`), as `npm start` runs.
   */
  dataDirIn?: string;
  embeddedDatabase?: boolean;
  /** Free space kept in DATA_DIR before writes are refused (64 MB by default). */
  diskReserveBytes?: number;
  /** REQUEST_TIMEOUT_MS (5 minutes by default): how long a request may take to arrive. */
  requestTimeoutMs?: number;
  /** Enables POST /admin/lookup-import with this secret (as main.ts does on an embedded DATA_DIR). */
  adminImportSecret?: string;
  /** Calls one API key may make in a minute on the integration API. */
  integrationCallsPerMinute?: number;
  /** WEBHOOK_URL and WEBHOOK_SECRET, with deliveries run in this process (`policy` over the default). */
  webhook?: { url: string; secret: string; policy?: Partial<JobPolicy> };
};

/** The config every test app gets, with a mail outbox in `dataDir`. */
export function testConfig(dataDir: string, options: TestAppOptions = {}): AppOptions["config"] {
  return {
    logLevel: options.logStream ? "info" : "silent",
    trustProxy: options.trustProxy ?? false,
    clientDir: options.clientDir,
    dataDir,
    smtpUrl: options.smtpUrl,
    mailFrom: DEFAULT_MAIL_FROM,
    publicUrl: TEST_PUBLIC_URL,
    testHooks: options.testHooks ?? false,
    requestTimeoutMs: options.requestTimeoutMs,
    webhook: options.webhook ? { url: options.webhook.url, secret: options.webhook.secret } : undefined,
  };
}

/**
 * The real app on a real database: PostgreSQL when DATABASE_URL is set (CI runs the suite both
 * ways), otherwise a fresh in-memory PGlite. Tests use unique usernames, so they can share one.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp & DocumentParts> {
  const dataDir = await mkdtemp(path.join(options.dataDirIn ?? os.tmpdir(), "admissions-test-data-"));
  const url = options.embeddedDatabase ? undefined : (options.databaseUrl ?? process.env.DATABASE_URL);
  const database = await openDatabase(
    url
      ? { url }
      : options.embeddedDatabase
        ? { dataDir, holder: "a test" }
        : { startFrom: await migratedTemplate() },
  );
  await database.migrate();
  let offsetMs = 0;
  let frozenAt: number | null = null;
  const clock = () => new Date((frozenAt ?? Date.now()) + offsetMs);
  const store =
    options.objectStore ?? (await createObjectStore({ s3: undefined, dataDir, db: database.db, clock }));
  const ownSchema =
    url && !options.jobQueueSchema ? `jobs_test_${randomUUID().replaceAll("-", "").slice(0, 16)}` : undefined;
  const queue = new JobQueue(database.sql, {
    schema: options.jobQueueSchema ?? ownSchema ?? "pgboss",
    log: pino({ level: "silent" }),
    conversion: { ...DEFAULT_CONVERSION_POLICY, ...options.conversions?.policy },
    applicationPdf: { ...DEFAULT_APPLICATION_PDF_POLICY, ...options.applicationPdfs?.policy },
    webhook: { ...DEFAULT_WEBHOOK_POLICY, ...options.webhook?.policy },
  });
  const app = await buildApp({
    config: testConfig(dataDir, options),
    database,
    clock,
    logStream: options.logStream,
    lookupProviders: options.lookupProviders,
    catalogue: options.catalogue,
    objectStore: store,
    jobQueue: queue,
    adminImportSecret: options.adminImportSecret,
    diskReserveBytes: options.diskReserveBytes,
    integrationCallsPerMinute: options.integrationCallsPerMinute,
  });
  await app.ready();
  if (options.conversions) {
    const { converter, concurrency = 2 } = options.conversions;
    await startWorkers(queue, { db: database.db, store, converter, clock, log: app.log }, concurrency);
  }
  if (options.applicationPdfs) {
    const { printer, concurrency = 2, pages = options.catalogue ?? formPages } = options.applicationPdfs;
    await startApplicationPdfWorkers(
      queue,
      { db: database.db, store, printer, pages, clock, log: app.log },
      concurrency,
    );
  }
  if (options.webhook) {
    const { url, secret } = options.webhook;
    await startWebhookWorkers(queue, { db: database.db, target: { url, secret }, clock, log: app.log });
  }
  return {
    app,
    database,
    dataDir,
    store,
    queue,
    advanceClock(ms) {
      offsetMs += ms;
    },
    freezeClock(frozen = true) {
      // Running again, it catches up with the time that passed meanwhile (it never goes back).
      frozenAt = frozen ? (frozenAt ?? Date.now()) : null;
    },
    async close() {
      await app.close();
      await queue.stop(5_000);
      if (ownSchema) await database.sql.executeSql(`drop schema if exists ${ownSchema} cascade`);
      if (!options.objectStore) store.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another app with other options on `base`'s database (no second migration): e.g. the same
 * server behind a proxy. Its `close` closes the app only; `base` owns the database.
 */
export async function createSiblingApp(base: TestApp, options: TestAppOptions = {}): Promise<TestApp> {
  const app = await buildApp({
    config: testConfig(base.dataDir, options),
    database: base.database,
    clock: base.app.clock,
    logStream: options.logStream,
    lookupProviders: options.lookupProviders,
    catalogue: options.catalogue,
    integrationCallsPerMinute: options.integrationCallsPerMinute,
    adminImportSecret: options.adminImportSecret,
  });
  await app.ready();
  return { ...base, app, close: () => app.close() };
}

/** Creates a confirmed user with a session directly in the database; returns the cookie header. */
export async function signedInUser(test: TestApp, username = `applicant-${randomUUID()}@example.edu`) {
  const [user] = await test.database.db
    .insert(users)
    .values({ username, confirmedAt: test.app.clock() })
    .returning({ id: users.id });
  if (!user) throw new Error("user insert returned nothing");
  const { token } = await createSession(test.database.db, user.id, test.app.clock());
  return { userId: user.id, username, token, cookie: `${SESSION_COOKIE}=${token}` };
}

/** Headers our API client sends on every call. */
export function clientHeaders(cookie: string, extra: Record<string, string> = {}) {
  return { cookie, [CLIENT_HEADER]: "1", ...extra };
}

export function idempotencyKey(): string {
  return `test-${randomUUID()}`;
}
