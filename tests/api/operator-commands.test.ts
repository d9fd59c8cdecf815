import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { openDatabase } from "../../server/db/database";
import { apiKeys } from "../../server/db/schema";
import { sha256Hex } from "../../server/services/secrets";
import { STAFF_CALLS } from "../../src/shared/staff";
import { PASSWORD } from "../helpers/auth";
import { runScript } from "../helpers/run-script";
import { linkIn, startSmtp, type TestSmtp } from "../helpers/smtp";
import { testConfig } from "../helpers/test-app";

// The operator commands of issue 32 run as an operator runs them, on the configured database
// (DATABASE_URL's PostgreSQL when set, as in CI; else PGlite in a DATA_DIR no server holds).
// Through a running server: server-process.test.ts.

let dataDir: string;
const databaseOptions = () => (process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "admissions-operator-"));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const runCommand = (script: string, args: string[], env: Record<string, string> = {}) =>
  runScript(script, args, { DATA_DIR: dataDir, ...env });

async function withApp<T>(work: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>): Promise<T> {
  const database = await openDatabase(databaseOptions());
  try {
    const app = await buildApp({ config: testConfig(dataDir), database });
    try {
      return await work(app);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

describe("npm run api-key:create and api-key:revoke", () => {
  const name = `crm-${Math.random().toString(36).slice(2, 8)}`;

  it("prints a new key once, stores only its hash, and the integration API takes it until revoked", async () => {
    const created = await runCommand("server/api-key-cli.ts", ["create", "--name", name]);
    expect(created.code, created.stderr).toBe(0);
    const key = /^(adm_[A-Za-z0-9_-]{43})\n$/.exec(created.stdout)?.[1] ?? "";
    expect(key, created.stdout).not.toBe("");
    expect(created.stderr).toContain("shown this once");
    expect(created.stderr).not.toContain(key);

    await withApp(async (app) => {
      const [row] = await app.db.select().from(apiKeys).where(eq(apiKeys.name, name));
      expect(row?.keyHash).toBe(sha256Hex(key));
      expect(JSON.stringify(row)).not.toContain(key);
      const listed = await app.inject({
        method: "GET",
        url: "/integration/v1/applications?limit=1",
        headers: { authorization: `Bearer ${key}` },
      });
      expect(listed.statusCode, listed.body).toBe(200);
    });

    const revoked = await runCommand("server/api-key-cli.ts", ["revoke", "--name", name]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stderr).toContain(`API key "${name}" revoked`);
    await withApp(async (app) => {
      const refused = await app.inject({
        method: "GET",
        url: "/integration/v1/applications?limit=1",
        headers: { authorization: `Bearer ${key}` },
      });
      expect(refused.statusCode).toBe(401);
    });

    // The name is free again: a new key, another hash.
    const renewed = await runCommand("server/api-key-cli.ts", ["create", "--name", name]);
    expect(renewed.code, renewed.stderr).toBe(0);
    expect(renewed.stdout.trim()).not.toBe(key);
  }, 120_000);

  it("refuses with one line: a name in use, an unknown one to revoke, a bad name, no name", async () => {
    const taken = `taken-${Math.random().toString(36).slice(2, 8)}`;
    expect((await runCommand("server/api-key-cli.ts", ["create", "--name", taken])).code).toBe(0);
    const cases: [string[], string][] = [
      [["create", "--name", taken], `A key named ${taken} already exists: revoke it first`],
      [["revoke", "--name", "never-made"], "No key named never-made is in use."],
      [["create", "--name", "two words"], "A key's name is 1 to 63 letters"],
      [["create"], "Give the key's name with --name. Usage: npm run api-key:create -- --name NAME"],
      [["create", "--colour", "red"], "Unknown argument: --colour."],
      [[], "Usage: npm run api-key:create -- --name NAME, or npm run api-key:revoke -- --name NAME"],
    ];
    for (const [args, line] of cases) {
      const result = await runCommand("server/api-key-cli.ts", args);
      expect(result.code, args.join(" ")).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.stderr.trim().split("\n"), args.join(" ")).toHaveLength(1);
      expect(result.stderr).toContain(line);
    }
  }, 120_000);
});

describe("npm run staff:invite", () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it("mails a link on PUBLIC_URL that sets the staff member's password", async () => {
    const email = `staff-${Math.random().toString(36).slice(2, 8)}@northbridge.example`;
    const result = await runCommand("server/staff-invite-cli.ts", ["--email", ` ${email.toUpperCase()} `], {
      SMTP_URL: smtp.url,
      PUBLIC_URL: "https://review.northbridge.example",
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`Invitation sent to ${email}`);
    const link = linkIn(
      await smtp.nextMailTo(email),
      "https://review.northbridge.example/staff/set-password?token=",
    );
    await withApp(async (app) => {
      const set = await app.inject({
        method: "POST",
        url: STAFF_CALLS.setPassword,
        headers: { "x-admissions-client": "1" },
        payload: { token: link.searchParams.get("token"), password: PASSWORD },
      });
      expect(set.statusCode, set.body).toBe(200);
    });
  }, 120_000);

  it("without SMTP_URL writes the mail to the outbox and says where, with the link", async () => {
    const email = `outbox-${Math.random().toString(36).slice(2, 8)}@northbridge.example`;
    const result = await runCommand("server/staff-invite-cli.ts", ["--email", email], { SMTP_URL: "" });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/mail written to the outbox for .*staff\/set-password\?token=/);
  }, 120_000);

  it("refuses a missing or invalid address with one line", async () => {
    for (const args of [[], ["--email", "not-an-address"]]) {
      const result = await runCommand("server/staff-invite-cli.ts", args);
      expect(result.code).toBe(1);
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
    }
  }, 120_000);
});
