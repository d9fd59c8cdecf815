import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { LOCK_FILE_NAME, type LockHolder } from "../../server/db/data-dir-lock";
import { STOPPING_MESSAGE } from "../../server/plugins/draining";
import { type Exchange, exchange, parseAnswer } from "../helpers/raw-http";
import { expectSecurityHeaders } from "../helpers/security-headers";

// The real entry point as `npm start` runs it, loaded through tsx so no build is needed. Node
// itself is the process (not the `tsx` command, which relays a signal to its own child and kills
// that child outright when it has not acknowledged the signal within 30 ms, as on a busy machine).
const TSX_LOADER = ["--import", "tsx"];
// The servers this file starts use port … port + 8. CI runs the suite on PGlite and on PostgreSQL
// at the same time, so each database has its own range of bases, ten apart.
const port = (process.env.DATABASE_URL ? 19_000 : 18_000) + 10 * Math.floor(Math.random() * 100);
const base = `http://127.0.0.1:${port}`;
let dataDir: string | undefined;

type Started = { child: ChildProcess; output: () => string; exit: Promise<number> };
const running = new Set<Started>();

/** Runs a script of the repository (the server by default) as its own process. */
function start(env: Record<string, string>, args: string[] = ["server/main.ts"]): Started {
  let output = "";
  const child = spawn(process.execPath, [...TSX_LOADER, ...args], {
    env: { ...process.env, LOG_LEVEL: "info", CLIENT_DIR: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const started: Started = {
    child,
    output: () => output,
    exit: new Promise<number>((resolve) => child.on("exit", (code) => resolve(code ?? -1))),
  };
  running.add(started);
  void started.exit.then(() => running.delete(started));
  return started;
}

/** Waits (as long as the test's timeout allows: the machine may be busy) until /healthz answers. */
async function waitUntilHealthy(url = base, server?: Started): Promise<void> {
  let exited = false;
  void server?.exit.then(() => {
    exited = true;
  });
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {}
    if (exited) throw new Error(`the server exited before it was healthy:\n${server?.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

afterEach(async () => {
  // A test that failed half-way must not leave a server holding a port or a directory.
  for (const started of running) started.child.kill("SIGKILL");
  await Promise.all([...running].map((started) => started.exit));
});

afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("the server process", () => {
  it("refuses bad configuration with one message naming each variable, and exits non-zero", async () => {
    const server = start({ PORT: "eighty", LOG_LEVEL: "loud" });
    expect(await server.exit).toBe(1);
    expect(server.output()).toMatch(
      /Invalid configuration: .*PORT.*LOG_LEVEL|Invalid configuration: .*LOG_LEVEL.*PORT/,
    );
  });

  it("stops cleanly on SIGTERM and starts again on the same data directory", async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "admissions-process-"));
    const env = { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir };
    const first = start(env);
    await waitUntilHealthy();
    first.child.kill("SIGTERM");
    expect(await first.exit, first.output()).toBe(0);
    expect(first.output()).toContain("shutting down");

    // A database left open or half-written would fail here.
    const second = start(env);
    await waitUntilHealthy();
    second.child.kill("SIGTERM");
    expect(await second.exit, second.output()).toBe(0);
  }, 240_000);
});

/** A fresh DATA_DIR on the embedded database (never DATABASE_URL, which CI sets for the API suite). */
async function embeddedEnv(serverPort: number) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "admissions-lock-"));
  directories.push(dir);
  const env = { PORT: String(serverPort), HOST: "127.0.0.1", DATA_DIR: dir, DATABASE_URL: "" };
  return { dir, env, url: `http://127.0.0.1:${serverPort}` };
}
const directories: string[] = [];
afterAll(async () => {
  await Promise.all(directories.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function lockHolder(dir: string): Promise<LockHolder | null> {
  try {
    return JSON.parse(await readFile(path.join(dir, LOCK_FILE_NAME), "utf8"));
  } catch {
    return null;
  }
}

/** Waits until the server on `dir` has published its address in the lock file. */
async function waitForPublishedServer(dir: string): Promise<LockHolder> {
  for (;;) {
    const holder = await lockHolder(dir);
    if (holder?.server) return holder;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The lines a process printed, without blank ones. */
const linesOf = (started: Started) =>
  started
    .output()
    .split("\n")
    .filter((line) => line.trim() !== "");

describe("one process per embedded database (DATA_DIR lock)", () => {
  it("takes over a lock left by a process that is gone, then refuses a second server with one line naming the first", async () => {
    const { dir, env, url } = await embeddedEnv(port + 1);
    // A real pid that no longer runs: a process that has exited.
    const gone = spawn(process.execPath, ["-e", ""]);
    const [code] = await once(gone, "exit");
    expect(code).toBe(0);
    const stale: LockHolder = {
      pid: gone.pid ?? 0,
      hostname: os.hostname(),
      holder: "the server",
      processStart: null,
      startedAt: "2026-01-01T00:00:00.000Z",
      nonce: "stale",
      server: { url: "http://127.0.0.1:1", adminSecret: "old" },
    };
    await writeFile(path.join(dir, LOCK_FILE_NAME), JSON.stringify(stale));

    const first = start(env);
    await waitUntilHealthy(url, first);
    const holder = await waitForPublishedServer(dir);
    expect(holder.pid).not.toBe(stale.pid);
    expect(holder.nonce).not.toBe("stale");

    const second = start({ ...env, PORT: String(port + 2) });
    expect(await second.exit).toBe(1);
    const lines = linesOf(second);
    expect(lines, second.output()).toHaveLength(1);
    expect(lines[0]).toContain(`DATA_DIR ${dir} is in use by the server (pid ${holder.pid}`);
    expect(lines[0]).toMatch(/stop it first/);
    // The first still serves, and still holds the directory.
    expect((await fetch(`${url}/healthz`)).ok).toBe(true);
    expect((await lockHolder(dir))?.pid).toBe(holder.pid);

    first.child.kill("SIGTERM");
    expect(await first.exit).toBe(0);
    // A clean stop lets go of the directory.
    expect(await lockHolder(dir)).toBeNull();
  }, 240_000);

  it("refuses npm run db:migrate while the server runs, and imports schools through the running server", async () => {
    const { dir, env, url } = await embeddedEnv(port + 4);
    const server = start(env);
    await waitUntilHealthy(url, server);
    const holder = await waitForPublishedServer(dir);

    // A first start has colleges to search (issue 31): the shipped list, said in one line.
    const harvard = await fetch(`${url}/lookup/find?text=harvard&category=college_ceeb&max_results=5`);
    expect((await harvard.json()).map((school: { text: string }) => school.text)).toContain(
      "Harvard Undergrad Adm",
    );
    expect(linesOf(server).filter((line) => line.includes("shipped list"))).toHaveLength(1);

    const migrate = start(env, ["server/db/migrate-cli.ts"]);
    expect(await migrate.exit).toBe(1);
    const lines = linesOf(migrate);
    expect(lines, migrate.output()).toHaveLength(1);
    expect(lines[0]).toContain(`is in use by the server (pid ${holder.pid}`);

    const csv = path.join(dir, "..", `${path.basename(dir)}-schools.csv`);
    await writeFile(
      csv,
      "ceeb,name,city,state\n9911,Lockwood Institute,Dover,DE\n9912,Bad Row,Dover,Delaware\n",
    );
    directories.push(csv);
    const importer = start(env, ["server/lookup/import-cli.ts", "--category", "college_ceeb", csv]);
    expect(await importer.exit, importer.output()).toBe(0);
    expect(importer.output()).toContain(`importing through it at ${url}`);
    expect(importer.output()).toContain("Imported 1 rows; rejected 1:");
    expect(importer.output()).toMatch(/line 3: /);

    // The running server sees the rows at once: it wrote them itself.
    const found = await fetch(`${url}/lookup/find?category=college_ceeb&text=lockwood`);
    expect(await found.json()).toStrictEqual([
      { text: "Lockwood Institute", id: "9911", sub_text: "Dover, DE" },
    ]);
    // Without the secret (only DATA_DIR's owner can read it) the admin call is refused.
    const forged = await fetch(`${url}/admin/lookup-import?category=college_ceeb`, {
      method: "POST",
      headers: { authorization: "Bearer guessed", "content-type": "text/csv" },
      body: "ceeb,name,city,state\n9913,Forged College,Dover,DE\n",
    });
    expect(forged.status).toBe(401);

    // The institution's own list instead of the shipped one.
    const replace = start(env, [
      "server/lookup/import-cli.ts",
      "--replace",
      "--category",
      "college_ceeb",
      csv,
    ]);
    expect(await replace.exit, replace.output()).toBe(0);
    expect(replace.output()).toContain(`Removed the ${4894 + 1} schools listed before.`);
    const gone = await fetch(`${url}/lookup/find?text=harvard&category=college_ceeb`);
    expect(await gone.json()).toStrictEqual([]);

    server.child.kill("SIGTERM");
    expect(await server.exit).toBe(0);
    // Stopped, the directory is free again: the command imports directly.
    const direct = start(env, ["server/lookup/import-cli.ts", "--category", "college_ceeb", csv]);
    expect(await direct.exit, direct.output()).toBe(0);
    expect(direct.output()).not.toContain("importing through it");
    expect(direct.output()).toContain("Imported 1 rows; rejected 1:");

    // Started again, the server keeps the institution's list: there are colleges already.
    const again = start(env);
    await waitUntilHealthy(url, again);
    expect(again.output()).not.toContain("shipped list");
    const kept = await fetch(`${url}/lookup/find?text=college&category=college_ceeb`);
    expect(await kept.json()).toStrictEqual([]);
    expect(await (await fetch(`${url}/lookup/find?text=lockwood&category=college_ceeb`)).json()).toHaveLength(
      1,
    );
    again.child.kill("SIGTERM");
    expect(await again.exit).toBe(0);
  }, 240_000);
});

describe("npm run service:link while the server holds the embedded database", () => {
  it("mints the link through the running server, refuses with one line, and works directly once it stops", async () => {
    const { dir, env, url } = await embeddedEnv(port + 6);
    const server = start(env);
    await waitUntilHealthy(url, server);
    const holder = await waitForPublishedServer(dir);

    // An account, made through the server as an applicant makes one.
    const username = `reviewed-${Date.now()}@example.edu`;
    const signup = await fetch(`${url}/public/signup`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-admissions-client": "1" },
      body: JSON.stringify({ username, password: "Correct-Horse-9-battery" }),
    });
    expect(signup.ok, await signup.text()).toBe(true);

    const link = start(env, ["server/service-link-cli.ts", "--email", username.toUpperCase()]);
    expect(await link.exit, link.output()).toBe(0);
    const minted = /(http:\/\/127\.0\.0\.1:\d+\/about\?service_token=([A-Za-z0-9_-]{43}))/.exec(
      link.output(),
    );
    expect(minted, link.output()).not.toBeNull();
    expect(link.output()).toContain(`The server (pid ${holder.pid}) holds DATA_DIR`);
    expect(link.output()).toMatch(/valid for 10 minutes/);
    // The link opens the application on the running server.
    const opened = await fetch(`${url}/service/tmp-pdf?service_token=${minted?.[2]}`);
    expect(opened.status).toBe(200);
    expect(await opened.json()).toStrictEqual({ answer: {}, add_another: {}, document_answer: {}, tabs: {} });

    // Refusals are one line each: an unknown address, and a call without the secret.
    const unknown = start(env, ["server/service-link-cli.ts", "--email", "nobody@example.edu"]);
    expect(await unknown.exit).toBe(1);
    expect(linesOf(unknown).filter((line) => !line.includes("holds DATA_DIR"))).toStrictEqual([
      "No account uses the e-mail address nobody@example.edu.",
    ]);
    const forged = await fetch(`${url}/admin/service-link`, {
      method: "POST",
      headers: { authorization: "Bearer guessed", "content-type": "application/json" },
      body: JSON.stringify({ email: username }),
    });
    expect(forged.status).toBe(401);

    server.child.kill("SIGTERM");
    expect(await server.exit).toBe(0);
    const direct = start(env, ["server/service-link-cli.ts", "--email", username]);
    expect(await direct.exit, direct.output()).toBe(0);
    expect(direct.output()).not.toContain("holds DATA_DIR");
    expect(direct.output()).toMatch(/\/about\?service_token=[A-Za-z0-9_-]{43}/);
  }, 240_000);

  it("refuses with one line, not a stack trace, when another command holds the directory", async () => {
    const { dir, env } = await embeddedEnv(port + 7);
    const holder: LockHolder = {
      pid: process.pid,
      hostname: os.hostname(),
      holder: "npm run db:migrate",
      processStart: null,
      startedAt: new Date().toISOString(),
      nonce: "held-by-this-test",
    };
    await writeFile(path.join(dir, LOCK_FILE_NAME), JSON.stringify(holder));
    const link = start(env, ["server/service-link-cli.ts", "--email", "someone@example.edu"]);
    expect(await link.exit).toBe(1);
    const lines = linesOf(link);
    expect(lines, link.output()).toHaveLength(1);
    expect(lines[0]).toContain(`is in use by npm run db:migrate (pid ${process.pid}`);
  }, 120_000);
});

describe("npm run api-key:create, api-key:revoke and staff:invite while the server holds the embedded database", () => {
  it("makes and revokes the key through the running server, whose integration API takes it at once; invites", async () => {
    const { dir, env, url } = await embeddedEnv(port + 8);
    const server = start(env);
    await waitUntilHealthy(url, server);

    const create = start(env, ["server/api-key-cli.ts", "create", "--name", "crm"]);
    expect(await create.exit, create.output()).toBe(0);
    const key = /^(adm_[A-Za-z0-9_-]{43})$/m.exec(create.output())?.[1];
    expect(key, create.output()).toBeDefined();
    expect(create.output()).toContain("holds DATA_DIR");
    const listed = await fetch(`${url}/integration/v1/applications`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(listed.status).toBe(200);
    expect(await listed.json()).toStrictEqual({ applications: [], next_cursor: null });

    // A second key of the same name is refused with one line, until the first is revoked.
    const again = start(env, ["server/api-key-cli.ts", "create", "--name", "crm"]);
    expect(await again.exit).toBe(1);
    expect(linesOf(again).filter((line) => !line.includes("holds DATA_DIR"))).toStrictEqual([
      "A key named crm already exists: revoke it first (npm run api-key:revoke -- --name crm).",
    ]);
    const revoke = start(env, ["server/api-key-cli.ts", "revoke", "--name", "crm"]);
    expect(await revoke.exit, revoke.output()).toBe(0);
    const refused = await fetch(`${url}/integration/v1/applications`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(refused.status).toBe(401);
    const unknown = start(env, ["server/api-key-cli.ts", "revoke", "--name", "crm"]);
    expect(await unknown.exit).toBe(1);
    expect(linesOf(unknown).filter((line) => !line.includes("holds DATA_DIR"))).toStrictEqual([
      "No key named crm is in use.",
    ]);

    // staff:invite too: the running server mails the link (here, to DATA_DIR's outbox).
    const invite = start(env, ["server/staff-invite-cli.ts", "--email", "reviewer@northbridge.example"]);
    expect(await invite.exit, invite.output()).toBe(0);
    expect(invite.output()).toContain("Invitation sent to reviewer@northbridge.example");
    const [mail] = await readdir(path.join(dir, "outbox"));
    const text = await readFile(path.join(dir, "outbox", mail ?? ""), "utf8");
    expect(text).toMatch(/To: reviewer@northbridge\.example/);
    expect(text).toContain("/staff/set-password?token=");
    server.child.kill("SIGTERM");
    expect(await server.exit).toBe(0);
  }, 240_000);
});

describe("graceful shutdown has a deadline", () => {
  // Node's own timeouts would end these connections only after 60 s (headers) and REQUEST_TIMEOUT_MS,
  // 300 s (a request's body); the test's timeout lies between, so it fails if anything but the
  // deadline ends them.
  it("does not let clients sending headers or a body slowly keep the process alive past SHUTDOWN_TIMEOUT_MS", async () => {
    const { env, url } = await embeddedEnv(port + 5);
    const server = start({ ...env, SHUTDOWN_TIMEOUT_MS: "1000" });
    await waitUntilHealthy(url, server);

    async function slowClient(head: string, trickle: string) {
      const socket = net.connect(port + 5, "127.0.0.1");
      // The server resets these connections when its deadline passes: that is the point, not an error.
      socket.on("error", () => {});
      await once(socket, "connect");
      // events.once would reject on that reset; the socket closing either way is what counts.
      const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
      socket.write(head);
      const timer = setInterval(() => socket.write(trickle), 200);
      const stop = () => {
        clearInterval(timer);
        socket.destroy();
      };
      return { closed, stop };
    }
    // One header line at a time, never the blank line that ends them.
    const headers = await slowClient("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n", "X-Slow: 1\r\n");
    // A login whose body arrives a byte at a time (its route runs only once the body is in).
    const body = await slowClient(
      "POST /public/login HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Admissions-Client: 1\r\n" +
        "Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{",
      " ",
    );
    try {
      server.child.kill("SIGTERM");
      expect(await server.exit).toBe(0);
      await Promise.all([headers.closed, body.closed]);
    } finally {
      headers.stop();
      body.stop();
    }
    expect(server.output()).toContain("shutdown deadline reached");
  }, 200_000);
});

describe("SIGTERM while requests wait to be accepted", () => {
  // Issue 36: saves written on new connections while the process was busy met ECONNRESET, the
  // listener closing under the connections the kernel held for it. The process is stopped
  // (SIGSTOP) so that the kernel alone completes the connections and receives the saves, and the
  // SIGTERM waits with them; on SIGCONT every one must get an HTTP answer, the 503 with our headers.
  it("answers saves already written on new connections with 503 and our headers, never a reset", async () => {
    const serverPort = port + 6;
    const { env, url } = await embeddedEnv(serverPort);
    const server = start({ ...env, JOB_WORKERS: "false" });
    await waitUntilHealthy(url, server);
    const pid = server.child.pid ?? 0;
    const body = JSON.stringify({ first_name: "Ada" });
    const save =
      `PUT /api/answer HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Admissions-Client: 1\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    process.kill(pid, "SIGSTOP");
    let exchanges: Promise<Exchange>[];
    try {
      let connected = 0;
      exchanges = Array.from({ length: 6 }, () =>
        exchange(serverPort, (socket) => {
          socket.write(save);
          connected++;
        }),
      );
      // Every connection is open (the kernel completed it) and its save written before the signal.
      await expect.poll(() => connected).toBe(6);
      process.kill(pid, "SIGTERM");
    } finally {
      process.kill(pid, "SIGCONT");
    }
    const answers = await Promise.all(exchanges);
    expect(await server.exit, server.output()).toBe(0);
    for (const { received, error } of answers) {
      const answer = parseAnswer(received);
      expect(answer, `${error ?? ""} ${received}`).not.toBeNull();
      // Accepted before the signal was handled, a save without a session is refused (401); after,
      // it meets the stopping process's 503.
      expect([401, 503]).toContain(answer?.status);
      expectSecurityHeaders(answer ?? { headers: {} });
      expect(answer?.headers["cache-control"]).toBe("no-store");
      if (answer?.status === 503) {
        expect(JSON.parse(answer.body)).toStrictEqual({ message: STOPPING_MESSAGE });
        expect(answer.headers.connection).toBe("close");
      }
    }
    expect(answers.filter(({ received }) => parseAnswer(received)?.status === 503).length).toBeGreaterThan(0);
  }, 200_000);
});
