import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, clientDirOf, DEFAULT_MAIL_FROM, loadConfig } from "./config";

const DEFAULTS = {
  port: 8080,
  host: "127.0.0.1",
  dataDir: "./data",
  databaseUrl: undefined,
  logLevel: "info",
  trustProxy: false,
  clientDir: undefined,
  testHooks: false,
  shutdownTimeoutMs: 10_000,
  requestTimeoutMs: 300_000,
  smtpUrl: undefined,
  mailFrom: DEFAULT_MAIL_FROM,
  publicUrl: "http://127.0.0.1:8080",
  s3: undefined,
  jobWorkers: true,
  conversionConcurrency: undefined,
  jobQueueSchema: "pgboss",
  serviceTokenMinutes: 10,
  webhook: undefined,
};

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe("loadConfig", () => {
  it("uses the defaults for an empty environment", () => {
    expect(loadConfig({})).toStrictEqual(DEFAULTS);
  });

  it("ignores unrelated variables", () => {
    expect(loadConfig({ PATH: "/usr/bin", HOME: "/home/x", NODE_ENV: "production" })).toStrictEqual(DEFAULTS);
  });

  it("treats an empty variable as unset", () => {
    expect(
      loadConfig({
        PORT: "",
        HOST: "",
        DATA_DIR: "",
        DATABASE_URL: "",
        LOG_LEVEL: "",
        TRUST_PROXY: "",
        CLIENT_DIR: "",
        E2E_TEST_HOOKS: "",
        SHUTDOWN_TIMEOUT_MS: "",
        REQUEST_TIMEOUT_MS: "",
        SMTP_URL: "",
        MAIL_FROM: "",
        PUBLIC_URL: "",
        S3_BUCKET: "",
        S3_REGION: "",
        S3_ENDPOINT: "",
        S3_FORCE_PATH_STYLE: "",
        S3_ACCESS_KEY_ID: "",
        S3_SECRET_ACCESS_KEY: "",
        JOB_WORKERS: "",
        CONVERSION_CONCURRENCY: "",
        JOB_QUEUE_SCHEMA: "",
        SERVICE_TOKEN_MINUTES: "",
        WEBHOOK_URL: "",
        WEBHOOK_SECRET: "",
      }),
    ).toStrictEqual(DEFAULTS);
  });

  it("reads every variable", () => {
    expect(
      loadConfig({
        PORT: "3000",
        HOST: "0.0.0.0",
        DATA_DIR: "/var/lib/admissions",
        DATABASE_URL: "postgres://app:secret@db:5432/admissions",
        LOG_LEVEL: "warn",
        TRUST_PROXY: "true",
        CLIENT_DIR: "/srv/client",
        E2E_TEST_HOOKS: "1",
        SHUTDOWN_TIMEOUT_MS: "2500",
        REQUEST_TIMEOUT_MS: "120000",
        SMTP_URL: "smtps://mailer:secret@smtp.example.edu:465",
        MAIL_FROM: "Admissions <admissions@example.edu>",
        PUBLIC_URL: "https://apply.example.edu/",
        S3_BUCKET: "admissions-documents",
        S3_REGION: "eu-west-1",
        S3_ENDPOINT: "https://s3.example.edu",
        S3_FORCE_PATH_STYLE: "true",
        S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
        S3_SECRET_ACCESS_KEY: "secret",
        JOB_WORKERS: "false",
        CONVERSION_CONCURRENCY: "2",
        JOB_QUEUE_SCHEMA: "admissions_jobs",
        SERVICE_TOKEN_MINUTES: "30",
        WEBHOOK_URL: "https://crm.example.edu/hooks/admissions?source=apply",
        WEBHOOK_SECRET: "0123456789abcdef0123456789abcdef",
      }),
    ).toStrictEqual({
      port: 3000,
      host: "0.0.0.0",
      dataDir: "/var/lib/admissions",
      databaseUrl: "postgres://app:secret@db:5432/admissions",
      logLevel: "warn",
      trustProxy: 1,
      clientDir: "/srv/client",
      testHooks: true,
      shutdownTimeoutMs: 2500,
      requestTimeoutMs: 120_000,
      smtpUrl: "smtps://mailer:secret@smtp.example.edu:465",
      mailFrom: "Admissions <admissions@example.edu>",
      publicUrl: "https://apply.example.edu",
      s3: {
        bucket: "admissions-documents",
        region: "eu-west-1",
        endpoint: "https://s3.example.edu",
        forcePathStyle: true,
        credentials: { accessKeyId: "AKIAEXAMPLE", secretAccessKey: "secret" },
      },
      jobWorkers: false,
      conversionConcurrency: 2,
      jobQueueSchema: "admissions_jobs",
      serviceTokenMinutes: 30,
      webhook: {
        url: "https://crm.example.edu/hooks/admissions?source=apply",
        secret: "0123456789abcdef0123456789abcdef",
      },
    });
  });

  it("uses the SDK's credential chain when S3 keys are not given", () => {
    expect(loadConfig({ S3_BUCKET: "docs" }).s3).toStrictEqual({
      bucket: "docs",
      region: "us-east-1",
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it.each([
    [{ S3_ENDPOINT: "http://127.0.0.1:9000" }, "S3_ENDPOINT set without S3_BUCKET"],
    [{ S3_BUCKET: "docs", S3_ACCESS_KEY_ID: "id" }, "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY"],
    [{ S3_BUCKET: "docs", S3_ENDPOINT: "minio:9000" }, "S3_ENDPOINT"],
    [{ JOB_WORKERS: "no" }, "JOB_WORKERS"],
    [{ CONVERSION_CONCURRENCY: "0" }, "CONVERSION_CONCURRENCY"],
    [{ JOB_QUEUE_SCHEMA: "Jobs; drop" }, "JOB_QUEUE_SCHEMA"],
  ])("refuses inconsistent document settings %o", (env, named) => {
    expect(configError(env).message).toContain(named);
  });

  const SECRET = "0123456789abcdef0123456789abcdef";
  it.each([
    [{ WEBHOOK_URL: "https://crm.example.edu/hook" }, "WEBHOOK_URL and WEBHOOK_SECRET must be set together"],
    [{ WEBHOOK_SECRET: SECRET }, "WEBHOOK_URL and WEBHOOK_SECRET must be set together"],
    [{ WEBHOOK_URL: "ftp://crm.example.edu/hook", WEBHOOK_SECRET: SECRET }, "WEBHOOK_URL must be an http"],
    [{ WEBHOOK_URL: "crm.example.edu/hook", WEBHOOK_SECRET: SECRET }, "WEBHOOK_URL must be an http"],
    [
      { WEBHOOK_URL: "https://crm.example.edu/hook", WEBHOOK_SECRET: "short" },
      "WEBHOOK_SECRET must be at least 32",
    ],
  ])("refuses webhook settings %o", (env, message) => {
    expect(configError(env).message).toContain(message);
  });

  it("accepts a postgresql:// URL and port 0 (any free port)", () => {
    const config = loadConfig({ DATABASE_URL: "postgresql://db/admissions", PORT: "0" });
    expect(config.databaseUrl).toBe("postgresql://db/admissions");
    expect(config.port).toBe(0);
  });

  it("names every bad variable in one ConfigError message", () => {
    const error = configError({ PORT: "abc", DATABASE_URL: "mysql://x" });
    expect(error.message.match(/Invalid configuration/g)).toHaveLength(1);
    expect(error.message).toContain("PORT");
    expect(error.message).toContain("DATABASE_URL");
    expect(error.message).toContain("postgres");
  });

  it.each(["70000", "-1", "80.5"])("refuses PORT=%s", (port) => {
    expect(configError({ PORT: port }).message).toContain("PORT");
  });

  it.each(["0", "1441", "7.5", "ten"])("refuses SERVICE_TOKEN_MINUTES=%s, naming it", (minutes) => {
    expect(configError({ SERVICE_TOKEN_MINUTES: minutes }).message).toContain("SERVICE_TOKEN_MINUTES");
  });

  it("refuses an unknown LOG_LEVEL", () => {
    expect(configError({ LOG_LEVEL: "verbose" }).message).toContain("LOG_LEVEL");
  });

  it.each([
    ["false", false],
    ["0", false],
    // true means exactly one proxy, never "believe every X-Forwarded-For entry".
    ["true", 1],
    ["1", 1],
    ["2", 2],
    ["10", 10],
    ["10.0.0.1", ["10.0.0.1"]],
    ["10.0.0.0/8, 192.168.1.2 ,::1", ["10.0.0.0/8", "192.168.1.2", "::1"]],
    ["fd00::/8,loopback", ["fd00::/8", "loopback"]],
  ])("parses TRUST_PROXY=%s as %j", (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toStrictEqual(expected);
  });

  it.each([
    "yes",
    "TRUE",
    "on",
    "11",
    "-1",
    "1.5",
    "10.0.0.0/33",
    "::1/129",
    "proxy.example.edu",
    "10.0.0.1,",
    "a/b/c",
  ])("refuses TRUST_PROXY=%s, naming it and what it may be", (value) => {
    const error = configError({ TRUST_PROXY: value });
    expect(error.message).toContain("TRUST_PROXY");
    expect(error.message).toContain("true (one proxy)");
  });

  it.each(["0", "999", "1.5", "3600001"])("refuses REQUEST_TIMEOUT_MS=%s, naming it", (value) => {
    expect(configError({ REQUEST_TIMEOUT_MS: value }).message).toContain("REQUEST_TIMEOUT_MS");
  });

  it.each(["-1", "1.5", "soon", "600001"])("refuses SHUTDOWN_TIMEOUT_MS=%s, naming it", (value) => {
    expect(configError({ SHUTDOWN_TIMEOUT_MS: value }).message).toContain("SHUTDOWN_TIMEOUT_MS");
  });

  it("keeps the browser-test hooks off unless E2E_TEST_HOOKS is true", () => {
    expect(loadConfig({}).testHooks).toBe(false);
    expect(loadConfig({ E2E_TEST_HOOKS: "false" }).testHooks).toBe(false);
    expect(loadConfig({ E2E_TEST_HOOKS: "true" }).testHooks).toBe(true);
    expect(configError({ E2E_TEST_HOOKS: "enabled" }).message).toContain("E2E_TEST_HOOKS");
  });

  it("derives PUBLIC_URL from HOST and PORT when unset, bracketing an IPv6 host", () => {
    expect(loadConfig({ HOST: "0.0.0.0", PORT: "3000" }).publicUrl).toBe("http://0.0.0.0:3000");
    expect(loadConfig({ HOST: "::1" }).publicUrl).toBe("http://[::1]:8080");
  });

  it.each([
    ["SMTP_URL", "mail.example.edu:25"],
    ["SMTP_URL", "http://mail.example.edu"],
    ["MAIL_FROM", "Admissions"],
    ["PUBLIC_URL", "apply.example.edu"],
    ["PUBLIC_URL", "ftp://apply.example.edu"],
    ["PUBLIC_URL", "https://apply.example.edu/?next=/evil"],
  ])("refuses %s=%s, naming it", (name, value) => {
    expect(configError({ [name]: value }).message).toContain(name);
  });
});

describe("clientDirOf", () => {
  it("is CLIENT_DIR when set, else the client folder beside the server's own", () => {
    expect(clientDirOf({ clientDir: "/srv/client" })).toBe("/srv/client");
    // From the sources (server/), as from the bundles (dist/server/): the sibling `client`.
    expect(clientDirOf({ clientDir: undefined })).toBe(path.resolve(import.meta.dirname, "..", "client"));
  });
});
