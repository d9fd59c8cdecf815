import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import pino, { type DestinationStream } from "pino";
import type { FormPage } from "../src/form/catalogue-types";
import { formPages } from "../src/form/pages/form-pages";
import { clientBuildId } from "./application-pdf/client-build";
import { clockOffsetMs } from "./clock";
import { type Config, DEFAULT_REQUEST_TIMEOUT_MS } from "./config";
import type { Database, DatabaseHandle } from "./db/database";
import { clientErrorAnswer, expectationAnswer, frameworkErrorAnswer } from "./framework-errors";
import { JobQueue } from "./jobs/job-queue";
import { serializeError, serializeRequest } from "./log-redaction";
import { emptyLookupProvider, type LookupProviders } from "./lookup/provider";
import { schoolLookupProviders } from "./lookup/school-provider";
import { zipAddressProvider } from "./lookup/zip-address-provider";
import { clientAppPlugin } from "./plugins/client-app";
import { diskGuardPlugin } from "./plugins/disk-guard";
import { drainingPlugin } from "./plugins/draining";
import { errorHandlerPlugin } from "./plugins/error-handler";
import { jsonBodyPlugin } from "./plugins/json-body";
import { mailPlugin } from "./plugins/mail";
import { securityPlugin } from "./plugins/security";
import { sessionsPlugin } from "./plugins/sessions";
import { staffSessionsPlugin } from "./plugins/staff-sessions";
import { storableTextPlugin } from "./plugins/storable-text";
import { adminApiKeyRoutes } from "./routes/admin-api-keys";
import { adminImportRoutes } from "./routes/admin-import";
import { adminServiceLinkRoutes } from "./routes/admin-service-link";
import { adminStaffInviteRoutes } from "./routes/admin-staff-invite";
import { answerRoutes } from "./routes/answer";
import { applicationPdfRoutes } from "./routes/application-pdf";
import { authRoutes } from "./routes/auth";
import { documentRoutes } from "./routes/documents";
import { draftLinkRoutes } from "./routes/draft-links";
import { documentViewRoutes, localUploadRoutes } from "./routes/files";
import { healthRoutes } from "./routes/health";
import { integrationRoutes } from "./routes/integration/integration-routes";
import { languageRoutes } from "./routes/language";
import { logoutRoutes } from "./routes/logout";
import { lookupRoutes } from "./routes/lookup";
import { profileRoutes } from "./routes/profile";
import { receiptRoutes } from "./routes/receipt";
import { serviceRoutes } from "./routes/service";
import { staffAuthRoutes } from "./routes/staff-auth";
import { staffReviewRoutes } from "./routes/staff-review";
import { submitRoutes } from "./routes/submit";
import { testSupportRoutes } from "./routes/test-support";
import { uiChoiceRoutes } from "./routes/ui-choices";
import { validationRoutes } from "./routes/validations";
import { webStatusRoutes } from "./routes/web-status";
import { securityHeaders } from "./security-headers";
import { ApplicationPdfLinks } from "./services/application-pdf-links";
import { DocumentViewLinks } from "./services/document-view-links";
import { sharedSecret } from "./services/secrets";
import { createObjectStore } from "./storage/create-object-store";
import { LocalDiskStore } from "./storage/local-disk-store";
import type { ObjectStore } from "./storage/object-store";
import { fastifyTrustProxy } from "./trust-proxy";
import { webhookOnSubmission } from "./webhooks/webhook-events";

declare module "fastify" {
  interface FastifyInstance {
    db: Database;
    databaseKind: DatabaseHandle["kind"];
    /** Hand-written, prepared statements for the hot paths (the save, the session check). */
    statements: DatabaseHandle["statements"];
    /** Injected so tests can move time (session expiry) without waiting. */
    clock: () => Date;
    /**
     * How far `clock` is from the system clock (ms): 0 unless a clock was injected. The save's time
     * is the database's clock shifted by it (services/answer-save.ts).
     */
    clockOffsetMs: () => number;
  }
}

export type AppOptions = {
  config: Pick<
    Config,
    "logLevel" | "trustProxy" | "clientDir" | "dataDir" | "smtpUrl" | "mailFrom" | "publicUrl"
  > &
    Partial<Pick<Config, "testHooks" | "serviceTokenMinutes" | "requestTimeoutMs" | "webhook">>;
  database: Pick<DatabaseHandle, "db" | "kind" | "sql" | "statements" | "poolStats">;
  clock?: () => Date;
  /** Where log lines go (stdout by default); tests read them from here. */
  logStream?: DestinationStream;
  /**
   * Autocomplete sources by category, laid over the defaults (`DEFAULT_LOOKUP_PROVIDERS` and the
   * database-backed `college_ceeb` and `hs_ceeb`): a real address service replaces `address`;
   * tests inject fakes.
   */
  lookupProviders?: LookupProviders;
  /**
   * The form catalogue that answer lengths, add-another counts, tab choices and the submit's
   * validation are checked against: `formPages` by default; tests inject a small one (e.g. with a
   * tabbed section).
   */
  catalogue?: readonly FormPage[];
  /**
   * Where documents are kept (decision 0009). Default: local disk under `dataDir/objects`. The
   * caller closes a store it passes; the app closes the one it made.
   */
  objectStore?: ObjectStore;
  /**
   * The job queue conversions are sent to. Default: pg-boss on this database in the `pgboss`
   * schema, started on first use, with no workers here (main.ts and `npm run worker` start them).
   */
  jobQueue?: JobQueue;
  /**
   * Enables the admin calls `POST /admin/lookup-import` and `POST /admin/service-link` with this
   * secret: set by main.ts when the server holds an embedded database in DATA_DIR, which `npm run
   * lookup:import` and `npm run service:link` can then reach only through it.
   */
  adminImportSecret?: string;
  /** Free space kept in DATA_DIR before writes are refused (plugins/disk-guard.ts); tests change it. */
  diskReserveBytes?: number;
  /** Calls one API key may make in a minute (integration routes); tests lower it. */
  integrationCallsPerMinute?: number;
};

/** `address`: US ZIPs from offline data; `name`: the autocomplete's default category, no source yet. */
export const DEFAULT_LOOKUP_PROVIDERS: LookupProviders = {
  address: zipAddressProvider,
  name: emptyLookupProvider,
};

/**
 * One access line per request, when it completes (with what was asked, the status and the time),
 * not Fastify's two (issue 15: each line is a write).
 */
class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, "request errored");
    else reply.log.info(fields, "request completed");
  }
}

/**
 * Node's limits on a request's arrival (issue 36), which Fastify leaves off by default: the whole
 * request, headers and body, within `requestTimeoutMs` (a body trickled slowly is cut with 408,
 * framework-errors.ts), its headers within a minute at most. Node checks them every
 * `connectionsCheckingInterval`: a tenth of the limit, at most its default 30 s, so a request is
 * cut at most 10 % late.
 */
function requestTimeouts(requestTimeoutMs: number) {
  return {
    requestTimeout: requestTimeoutMs,
    http: {
      requestTimeout: requestTimeoutMs,
      headersTimeout: Math.min(60_000, requestTimeoutMs),
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(requestTimeoutMs / 10)),
    },
  };
}

/** Builds the app in tiers: external plugins → app services → routes → client. Listening is the caller's. */
export async function buildApp({
  config,
  database,
  clock: injectedClock,
  logStream,
  lookupProviders,
  catalogue = formPages,
  objectStore,
  jobQueue,
  adminImportSecret,
  diskReserveBytes,
  integrationCallsPerMinute,
}: AppOptions): Promise<FastifyInstance> {
  const clock = injectedClock ?? (() => new Date());
  const store =
    objectStore ??
    (await createObjectStore({ s3: undefined, dataDir: config.dataDir, db: database.db, clock }));
  // Every answer's strict headers, the framework's own refusals' too (issue 36).
  const headers = securityHeaders(await store.uploadOrigin());
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Requests without secrets in their URLs and without headers (so no cookie); errors without
      // the values of a failed query; responses as Fastify's own serializer gives them, the status
      // alone (so no Set-Cookie). Nothing is left for pino's path redaction to find, which cost
      // ≈ 2 % of a static file's time (issue 15).
      serializers: { req: serializeRequest, err: serializeError },
      // Written in the background, and flushed on exit: a synchronous write per line was the
      // largest cost of a request outside the database (issue 15). In batches of 4 KB (≈ 15 access
      // lines), a line waiting at most 200 ms when traffic is light: a write per line was still
      // ≈ 14 % of GET /api/profile's busy time on PostgreSQL (issue 33, decision 0017).
      stream: logStream ?? pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 200 }),
    },
    logController: new AccessLog(),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // In-flight requests finish on close; idle keep-alive sockets are closed at once.
    forceCloseConnections: "idle",
    // Requests arriving while the process stops get our 503, with our headers (plugins/draining.ts).
    return503OnClosing: false,
    // A plugin (the database, the object store, the job queue) may take more than Fastify's 10 s to
    // start on a busy machine; failing the start for it would help no one.
    pluginTimeout: 120_000,
    ...requestTimeouts(config.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS),
    frameworkErrors: frameworkErrorAnswer(headers),
    clientErrorHandler: clientErrorAnswer(headers),
  });
  app.server.on("checkExpectation", expectationAnswer(headers));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate("db", database.db);
  app.decorate("databaseKind", database.kind);
  app.decorate("statements", database.statements);
  app.decorate("clock", clock);
  app.decorate("clockOffsetMs", injectedClock ? () => clockOffsetMs(injectedClock) : () => 0);

  const queue = jobQueue ?? new JobQueue(database.sql, { schema: "pgboss", log: app.log });
  app.addHook("onClose", async () => {
    if (!jobQueue) await queue.stop();
    if (!objectStore) store.close();
  });
  const viewLinks = new DocumentViewLinks(await sharedSecret(database.db, "document-view"), clock);
  const pdfLinks = new ApplicationPdfLinks(await sharedSecret(database.db, "application-pdf-link"), clock);

  await app.register(errorHandlerPlugin);
  await app.register(jsonBodyPlugin);
  // Before every route: no text PostgreSQL cannot store gets past parsing (decision 0006).
  await app.register(storableTextPlugin);
  await app.register(securityPlugin, { headers });
  await app.register(drainingPlugin);
  // The embedded database and local documents live in DATA_DIR: a full disk refuses writes (507).
  if (database.kind === "pglite" || store instanceof LocalDiskStore) {
    await app.register(diskGuardPlugin, { dataDir: config.dataDir, reserveBytes: diskReserveBytes, queue });
  }
  await app.register(sessionsPlugin);
  await app.register(staffSessionsPlugin);
  await app.register(mailPlugin, {
    dataDir: config.dataDir,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
  });

  await app.register(healthRoutes);
  await app.register(profileRoutes);
  await app.register(answerRoutes, { pages: catalogue });
  await app.register(webStatusRoutes);
  await app.register(languageRoutes);
  await app.register(validationRoutes);
  await app.register(uiChoiceRoutes, { pages: catalogue });
  await app.register(submitRoutes, {
    pages: catalogue,
    publicUrl: config.publicUrl,
    webhook: config.webhook ? webhookOnSubmission(queue) : undefined,
  });
  await app.register(documentRoutes, {
    pages: catalogue,
    services: { db: database.db, store, queue, clock },
    links: viewLinks,
  });
  if (store instanceof LocalDiskStore) await app.register(localUploadRoutes, { store });
  await app.register(documentViewRoutes, { store, links: viewLinks });
  const officePdf = {
    db: database.db,
    store,
    queue,
    clock,
    clientBuild: await clientBuildId(config.clientDir),
  };
  await app.register(applicationPdfRoutes, { services: { ...officePdf, links: pdfLinks } });
  await app.register(logoutRoutes);
  await app.register(receiptRoutes, { pages: catalogue });
  await app.register(serviceRoutes);
  await app.register(authRoutes, { publicUrl: config.publicUrl });
  await app.register(draftLinkRoutes, { publicUrl: config.publicUrl, pages: catalogue });
  await app.register(lookupRoutes, {
    providers: { ...DEFAULT_LOOKUP_PROVIDERS, ...schoolLookupProviders(database.db), ...lookupProviders },
  });
  await app.register(integrationRoutes, {
    pdf: officePdf,
    pages: catalogue,
    publicUrl: config.publicUrl,
    tokenMinutes: config.serviceTokenMinutes ?? 10,
    callsPerMinute: integrationCallsPerMinute,
  });
  await app.register(staffAuthRoutes);
  await app.register(staffReviewRoutes, { pages: catalogue, pdf: officePdf });
  if (adminImportSecret) {
    await app.register(adminImportRoutes, { secret: adminImportSecret });
    await app.register(adminApiKeyRoutes, { secret: adminImportSecret });
    await app.register(adminStaffInviteRoutes, { secret: adminImportSecret, publicUrl: config.publicUrl });
    await app.register(adminServiceLinkRoutes, {
      secret: adminImportSecret,
      publicUrl: config.publicUrl,
      tokenMinutes: config.serviceTokenMinutes ?? 10,
    });
  }
  if (config.testHooks) {
    app.log.warn(
      "E2E_TEST_HOOKS is on: POST /__test__/session signs anyone in. Never use this in a deployment.",
    );
    await app.register(testSupportRoutes, { poolStats: database.poolStats });
  }

  await app.register(clientAppPlugin, { clientDir: config.clientDir });
  return app;
}
