import { describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_MAIL_FROM, loadConfig } from "./config";

const DEFAULTS = {
  port: 8080,
  host: "127.0.0.1",
  dataDir: "./data",
  databaseUrl: undefined,
  logLevel: "info",
  trustProxy: false,
  clientDir: undefined,
  testHooks: false,
  smtpUrl: undefined,
  mailFrom: DEFAULT_MAIL_FROM,
  publicUrl: "http://127.0.0.1:8080",
  serviceTokenMinutes: 10,
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
        SMTP_URL: "",
        MAIL_FROM: "",
        PUBLIC_URL: "",
        SERVICE_TOKEN_MINUTES: "",
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
        SMTP_URL: "smtps://mailer:secret@smtp.example.edu:465",
        MAIL_FROM: "Admissions <admissions@example.edu>",
        PUBLIC_URL: "https://apply.example.edu/",
        SERVICE_TOKEN_MINUTES: "30",
      }),
    ).toStrictEqual({
      port: 3000,
      host: "0.0.0.0",
      dataDir: "/var/lib/admissions",
      databaseUrl: "postgres://app:secret@db:5432/admissions",
      logLevel: "warn",
      trustProxy: true,
      clientDir: "/srv/client",
      testHooks: true,
      smtpUrl: "smtps://mailer:secret@smtp.example.edu:465",
      mailFrom: "Admissions <admissions@example.edu>",
      publicUrl: "https://apply.example.edu",
      serviceTokenMinutes: 30,
    });
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
    ["true", true],
    ["1", true],
    ["false", false],
    ["0", false],
  ])("parses TRUST_PROXY=%s as %s", (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(expected);
  });

  it.each(["yes", "TRUE", "on", "2"])("refuses TRUST_PROXY=%s, naming it", (value) => {
    const error = configError({ TRUST_PROXY: value });
    expect(error.message).toContain("TRUST_PROXY");
    expect(error.message).toContain("true or false");
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
