// Entry point of `npm start`: validate config, open the database, migrate, listen, shut down cleanly.
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { partner } from "../src/config/partner";
import { formPages } from "../src/form/pages/form-pages";
import { buildApp } from "./app";
import { ConfigError, clientDirOf, loadConfig } from "./config";
import { DataDirLockedError } from "./db/data-dir-lock";
import { type DatabaseHandle, openDatabase } from "./db/database";
import type { JobEngines } from "./jobs/job-engines";
import { JobQueue } from "./jobs/job-queue";
import { seedShippedColleges } from "./lookup/seed-schools";
import { checkPartner, PartnerMismatchError } from "./partner-check";
import { purgeExpiredCodes } from "./services/confirmation-codes";
import { purgeExpiredDraftLinks } from "./services/draft-links";
import { purgeExpiredIdempotencyKeys } from "./services/idempotency";
import { purgeExpiredResetTokens } from "./services/password-reset";
import { purgeExpiredServiceTokens } from "./services/service-tokens";
import { purgeExpiredStaffInvites } from "./services/staff-accounts";
import { purgeExpiredStaffSessions } from "./services/staff-sessions";
import { purgeExpiredStaffSignIns } from "./services/staff-sign-in";
import { purgeExpiredThrottles } from "./services/throttle";
import { installGracefulShutdown } from "./shutdown";
import { createObjectStore } from "./storage/create-object-store";
import { LocalDiskStore } from "./storage/local-disk-store";
import { sweepUnrecordedObjects } from "./storage/sweep-unrecorded";

const startedAt = performance.now();

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const clientDir = clientDirOf(config);
// The institution this build was made for is the one configured and the client's (one line if not).
let partnerWarning: string | undefined;
try {
  partnerWarning = checkPartner(process.env, clientDir, config.publicUrl);
} catch (error) {
  if (!(error instanceof PartnerMismatchError)) throw error;
  console.error(error.message);
  process.exit(1);
}
let database: DatabaseHandle;
try {
  const databaseLog = pino({ level: config.logLevel }).child({ component: "database" });
  database = await openDatabase(
    config.databaseUrl
      ? {
          url: config.databaseUrl,
          onConnectionError: (error) => databaseLog.warn({ err: error }, "database connection dropped"),
        }
      : { dataDir: config.dataDir, holder: "the server" },
  );
} catch (error) {
  // Another process has DATA_DIR's embedded database: one line saying which, and what to do.
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
}
await database.migrate();

// Documents (decision 0009): the object store, the job queue on this database, and, unless
// JOB_WORKERS=false (API-only processes beside `npm run worker`), conversion workers in this process.
const clock = () => new Date();
const jobLog = pino({ level: config.logLevel }).child({ component: "jobs" });
const store = await createObjectStore({ s3: config.s3, dataDir: config.dataDir, db: database.db, clock });
const jobQueue = new JobQueue(database.sql, { schema: config.jobQueueSchema, log: jobLog });
let engines: JobEngines | undefined;

// Holding DATA_DIR's embedded database, this process is the only way in: `npm run lookup:import`
// sends its rows here, with the secret this server writes to the lock file once it listens.
const adminImportSecret = database.dataDirLock ? randomBytes(32).toString("base64url") : undefined;
const app = await buildApp({
  config: { ...config, clientDir },
  database,
  clock,
  objectStore: store,
  jobQueue,
  adminImportSecret,
});
// Running conversions drain alongside in-flight requests, within the same deadline; one cut short is
// run again by pg-boss (here after a restart, or by another worker).
let stoppingJobs: Promise<void> | undefined;
app.addHook("preClose", async () => {
  stoppingJobs = jobQueue.stop(config.shutdownTimeoutMs);
});
app.addHook("onClose", async () => {
  await stoppingJobs;
  await engines?.close();
  store.close();
  await database.close();
});

if (partnerWarning) app.log.warn(partnerWarning);

// A first start has colleges to search (issue 31) before the port opens: the shipped list, until
// the institution imports its own (`lookup:import -- --replace`).
const seeded = await seedShippedColleges(database.db);
if (seeded > 0) {
  app.log.info(
    { imported: seeded },
    `no college in the database: imported the shipped list of ${seeded} colleges (server/lookup/data/README.md); replace it with your own: npm run lookup:import -- --replace --category college_ceeb FILE.csv`,
  );
}

const HOUR = 60 * 60 * 1000;
const purge = () => {
  const now = new Date();
  return Promise.all([
    purgeExpiredIdempotencyKeys(database.db, now),
    purgeExpiredThrottles(database.db, now),
    purgeExpiredCodes(database.db, now),
    purgeExpiredResetTokens(database.db, now),
    purgeExpiredServiceTokens(database.db, now),
    purgeExpiredDraftLinks(database.db, now),
    purgeExpiredStaffSessions(database.db, now),
    purgeExpiredStaffSignIns(database.db, now),
    purgeExpiredStaffInvites(database.db, now),
  ]).catch((err) => app.log.error(err));
};
await purge();
setInterval(purge, HOUR).unref();
// Documents nobody recorded, on local disk (an S3 bucket has its lifecycle rule instead): hourly,
// the first time once the server listens (a walk of DATA_DIR/objects must not delay the start).
const sweep = () =>
  store instanceof LocalDiskStore && !shutdown.started
    ? sweepUnrecordedObjects(database.db, store, new Date())
        .then(({ removed }) => {
          if (removed > 0) app.log.info({ removed }, "removed documents nobody recorded");
        })
        .catch((err) => app.log.error(err))
    : undefined;
setInterval(sweep, HOUR).unref();

const shutdown = installGracefulShutdown(app, config.shutdownTimeoutMs);

// Handlers are in place before the port opens: a SIGTERM right after start-up still shuts down cleanly.
await app.listen({ port: config.port, host: config.host });
// A SIGTERM may come as soon as the port is open: from then on, each step checks that the shutdown
// (which closes the queue and the database) has not begun.
if (database.dataDirLock && adminImportSecret && !shutdown.started) {
  const { port } = app.server.address() as AddressInfo;
  await database.dataDirLock.publishServer({
    url: localUrl(config.host, port),
    adminSecret: adminImportSecret,
  });
}
app.log.info(
  { database: database.kind, partner: partner.name, startupMs: Math.round(performance.now() - startedAt) },
  `ready on http://${config.host}:${config.port}`,
);
void sweep();

// The queue and the engines start once the port is open: warming LibreOffice and Chromium takes
// seconds, and a job queued meanwhile waits in the queue.
async function startJobs(): Promise<void> {
  await jobQueue.start();
  if (!config.jobWorkers || shutdown.started) return;
  // Webhooks need no engine: they are delivered from now on (decision 0022).
  if (config.webhook) {
    const { startWebhookWorkers } = await import("./jobs/workers");
    await startWebhookWorkers(jobQueue, { db: database.db, target: config.webhook, clock, log: jobLog });
    jobLog.info({ url: config.webhook.url }, "webhook deliveries ready");
  }
  // Loaded only here: the engines' modules (pdf-lib, mammoth, the browser driver) are large.
  const { startJobEngines, startJobWorkers } = await import("./jobs/job-engines");
  const started = await startJobEngines(jobLog);
  // A SIGTERM during the warm-up: the shutdown has already run without these engines.
  if (shutdown.started) {
    await started.close();
    return;
  }
  engines = started;
  await startJobWorkers(jobQueue, engines, {
    db: database.db,
    store,
    clock,
    log: jobLog,
    pages: formPages,
    clientDir,
    concurrency: config.conversionConcurrency,
  });
  jobLog.info("conversion and application PDF workers ready");
}
if (!shutdown.started) {
  await startJobs().catch((error: unknown) => {
    // A shutdown during start-up closes the queue and the database under it: nothing to report.
    if (!shutdown.started) throw error;
  });
}

/** How a command on this machine reaches the server (a wildcard address is reached on loopback). */
function localUrl(host: string, port: number): string {
  const local = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host;
  return `http://${local.includes(":") ? `[${local}]` : local}:${port}`;
}
