import { fileURLToPath } from "node:url";
import { z } from "zod";
import { partner } from "../src/config/partner";
import { parseTrustProxy, TRUST_PROXY_HELP, type TrustProxy } from "./trust-proxy";

// Environment, parsed and validated once at start-up. Every bad variable is named in one message.

const booleanFlag = z
  .enum(["true", "false", "1", "0"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1");

/**
 * REQUEST_TIMEOUT_MS's default (issue 36): a request, headers and body, arrives within 5 minutes,
 * so a 1 MiB upload passes at 3.5 kB/s (28 kbit/s), below what a phone on GPRS uploads.
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 300_000;

/** The institution's admissions office, at its help address's domain (partner configuration). */
export const DEFAULT_MAIL_FROM = `"${partner.name.replaceAll('"', "")} Admissions" <no-reply@${partner.helpEmail.split("@")[1]}>`;

/** An http(s) URL, which may carry a query (a receiver's own token). */
function isBaseUrlWithQuery(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

function isBaseUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && !url.search && !url.hash;
  } catch {
    return false;
  }
}

const EnvSchema = z.object({
  PORT: z.coerce.number({ message: "must be a number" }).int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// URL")
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * The proxies in front (server/trust-proxy.ts): whose X-Forwarded-For entries and
   * X-Forwarded-Proto count for the client's address (per-IP limits) and the Secure cookie flag.
   */
  TRUST_PROXY: z
    .string()
    .transform((value, context) => {
      const trust = parseTrustProxy(value);
      if (trust === undefined) context.addIssue({ code: "custom", message: TRUST_PROXY_HELP });
      return trust ?? false;
    })
    .default(false),
  /** Directory of the built client; empty disables static serving (API only). */
  CLIENT_DIR: z.string().optional(),
  /** Browser tests only: enables POST /__test__/session. Never set in a deployment. */
  E2E_TEST_HOOKS: booleanFlag.default(false),
  /** On SIGTERM, how long in-flight requests may take before their connections are closed. */
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ message: "must be a number of milliseconds" })
    .int("must be a whole number of milliseconds")
    .min(0)
    .max(600_000, "must be at most 600000 (10 minutes)")
    .default(10_000),
  /** How long a whole request (headers and body) may take to arrive: a body trickled slowly is cut (408). */
  REQUEST_TIMEOUT_MS: z.coerce
    .number({ message: "must be a number of milliseconds" })
    .int("must be a whole number of milliseconds")
    .min(1000, "must be at least 1000 (1 second)")
    .max(3_600_000, "must be at most 3600000 (an hour)")
    .default(DEFAULT_REQUEST_TIMEOUT_MS),
  /** Outgoing mail server; unset writes each mail to DATA_DIR/outbox/ instead (local use). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(/^[^@]*\S@\S[^@]*$/, 'must be an address, optionally with a name: "Name" <address>')
    .default(DEFAULT_MAIL_FROM),
  /** Base of every link in mails; never taken from a request's Host header. */
  PUBLIC_URL: z
    .string()
    .refine(isBaseUrl, "must be an http:// or https:// URL without query or fragment")
    .optional(),
  /** Documents in an S3-compatible bucket instead of DATA_DIR/objects (decision 0009). */
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ENDPOINT: z.string().refine(isBaseUrl, "must be an http:// or https:// URL").optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** false: this process queues jobs but runs none (API-only processes beside `npm run worker`). */
  JOB_WORKERS: booleanFlag.default(true),
  /** Conversions one process runs at once; default: its cores, at most 4. */
  CONVERSION_CONCURRENCY: z.coerce.number({ message: "must be a number" }).int().min(1).max(64).optional(),
  /** The PostgreSQL schema of the job queue's tables (pg-boss). */
  JOB_QUEUE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,49}$/, "must be a lower-case PostgreSQL name (letters, digits, _)")
    .default("pgboss"),
  /** Lifetime of a service link (spec §6 `service_token`): the PDF job's and `npm run service:link`'s. */
  SERVICE_TOKEN_MINUTES: z.coerce
    .number({ message: "must be a number of minutes" })
    .int("must be a whole number of minutes")
    .min(1, "must be from 1 to 1440 minutes")
    .max(1440, "must be from 1 to 1440 minutes")
    .default(10),
  /** Where the `application.submitted` webhook is POSTed (decision 0022); unset: no webhook. */
  WEBHOOK_URL: z.string().refine(isBaseUrlWithQuery, "must be an http:// or https:// URL").optional(),
  /** The webhook's HMAC-SHA256 key; set with WEBHOOK_URL. */
  WEBHOOK_SECRET: z
    .string()
    .min(32, "must be at least 32 characters (e.g. the output of: openssl rand -hex 32)")
    .optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof EnvSchema>["LOG_LEVEL"];
  trustProxy: TrustProxy;
  clientDir: string | undefined;
  testHooks: boolean;
  shutdownTimeoutMs: number;
  /** The longest a request may take to arrive, headers and body (REQUEST_TIMEOUT_MS). */
  requestTimeoutMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Without a trailing slash, e.g. `https://apply.northbridge.example`. */
  publicUrl: string;
  /** Without a trailing slash; unset: the server's own address (or PUBLIC_URL for a worker). */
  /** Set when documents live in an S3-compatible bucket; unset: local disk under DATA_DIR/objects. */
  s3: S3Config | undefined;
  jobWorkers: boolean;
  conversionConcurrency: number | undefined;
  jobQueueSchema: string;
  /** How long a service token stays valid. */
  serviceTokenMinutes: number;
  /** The `application.submitted` webhook's receiver and signing key; unset: no webhook. */
  webhook: WebhookConfig | undefined;
};

export type WebhookConfig = { url: string; secret: string };

export type S3Config = {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
};

const S3_DETAIL_VARIABLES = ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/** Cross-variable rules (the S3 settings, the webhook's), as messages naming the variables. */
function s3Problems(env: z.infer<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  if (!env.S3_BUCKET) {
    const stray = S3_DETAIL_VARIABLES.filter((name) => env[name] !== undefined);
    if (stray.length > 0) problems.push(`${stray.join(", ")} set without S3_BUCKET`);
  }
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    problems.push("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together");
  }
  if ((env.WEBHOOK_URL === undefined) !== (env.WEBHOOK_SECRET === undefined)) {
    problems.push("WEBHOOK_URL and WEBHOOK_SECRET must be set together");
  }
  return problems;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "unset", as in most shells' `VAR= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`);
  }
  const e = parsed.data;
  const problems = s3Problems(e);
  if (problems.length > 0) throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    clientDir: e.CLIENT_DIR,
    testHooks: e.E2E_TEST_HOOKS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://${hostForUrl(e.HOST)}:${e.PORT}`).replace(/\/+$/, ""),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : undefined,
    jobWorkers: e.JOB_WORKERS,
    conversionConcurrency: e.CONVERSION_CONCURRENCY,
    jobQueueSchema: e.JOB_QUEUE_SCHEMA,
    serviceTokenMinutes: e.SERVICE_TOKEN_MINUTES,
    webhook: e.WEBHOOK_URL && e.WEBHOOK_SECRET ? { url: e.WEBHOOK_URL, secret: e.WEBHOOK_SECRET } : undefined,
  };
}

/** An IPv6 literal needs brackets in a URL. */
function hostForUrl(host: string): string {
  return host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
}

/**
 * The built client: CLIENT_DIR, else dist/client beside the server's bundles in dist/server (the
 * API process serves it; every process with job workers prints the application PDF with its
 * stylesheets).
 */
export function clientDirOf(config: Pick<Config, "clientDir">): string {
  return config.clientDir ?? fileURLToPath(new URL("../client", import.meta.url));
}
