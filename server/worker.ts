// Entry point of `npm run worker`: a process that runs document and application PDF jobs and
// serves no requests. At scale, API processes run with JOB_WORKERS=false and one or more of these
// share PostgreSQL (and the object store) with them: any worker takes any queued job (decision
// 0009). The application PDF is the service view rendered here with the built client's stylesheets
// (`clientDirOf`, as the API process finds them; decision 0013).
import pino from "pino";
import { formPages } from "../src/form/pages/form-pages";
import { ConfigError, clientDirOf, loadConfig } from "./config";
import { openDatabase } from "./db/database";
import { startJobEngines, startJobWorkers } from "./jobs/job-engines";
import { JobQueue } from "./jobs/job-queue";
import { startWebhookWorkers } from "./jobs/workers";
import { checkPartner, PartnerMismatchError } from "./partner-check";
import { createObjectStore } from "./storage/create-object-store";
import { DISK_RESERVE_BYTES, DiskSpace, pauseJobsWhileFull } from "./storage/disk-space";

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
if (!config.databaseUrl) {
  // PGlite is one process's database: the API process that owns it runs the conversions itself.
  console.error(
    "npm run worker needs DATABASE_URL (PostgreSQL). With the embedded database, the server runs conversions in its own process.",
  );
  process.exit(1);
}

// The institution this build was made for is the one configured and the client's (one line if not).
let partnerWarning: string | undefined;
try {
  partnerWarning = checkPartner(process.env, clientDirOf(config), config.publicUrl);
} catch (error) {
  if (!(error instanceof PartnerMismatchError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const log = pino({ level: config.logLevel }).child({ component: "worker" });
if (partnerWarning) log.warn(partnerWarning);
const clock = () => new Date();
const database = await openDatabase({
  url: config.databaseUrl,
  onConnectionError: (error) => log.warn({ err: error }, "database connection dropped"),
});
await database.migrate();
const store = await createObjectStore({ s3: config.s3, dataDir: config.dataDir, db: database.db, clock });
const queue = new JobQueue(database.sql, { schema: config.jobQueueSchema, log });
if (config.webhook) {
  await startWebhookWorkers(queue, { db: database.db, target: config.webhook, clock, log });
  log.info({ url: config.webhook.url }, "webhook deliveries ready");
}
const engines = await startJobEngines(log);
// Documents on a shared local disk (no S3): jobs wait while DATA_DIR is nearly full (issue 36).
const stopWatchingDisk =
  store.kind === "local"
    ? pauseJobsWhileFull(new DiskSpace(config.dataDir, DISK_RESERVE_BYTES, log), queue, log)
    : () => {};

let closing = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    log.info({ signal }, "worker stopping: finishing running jobs");
    try {
      stopWatchingDisk();
      await queue.stop();
      await engines.close();
      store.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      log.error(error, "worker shutdown failed");
      process.exit(1);
    }
  });
}

await startJobWorkers(queue, engines, {
  db: database.db,
  store,
  clock,
  log,
  pages: formPages,
  clientDir: clientDirOf(config),
  concurrency: config.conversionConcurrency,
});
log.info({ store: store.kind, schema: config.jobQueueSchema }, "worker ready");
