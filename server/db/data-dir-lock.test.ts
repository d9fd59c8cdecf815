import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  acquireDataDirLock,
  type DataDirLock,
  DataDirLockedError,
  LOCK_FILE_NAME,
  readDataDirLock,
} from "./data-dir-lock";
import { deadPid, writeLock } from "./testing/lock-files";

/** Tests that start a process wait for it as long as a busy machine needs. */
const SPAWN_TIMEOUT_MS = 60_000;

const dirs: string[] = [];
const locks: DataDirLock[] = [];
afterEach(async () => {
  await Promise.all(locks.splice(0).map((lock) => lock.release()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "admissions-lock-unit-"));
  dirs.push(dir);
  return dir;
}

async function acquire(dir: string, holder = "the server"): Promise<DataDirLock> {
  const lock = await acquireDataDirLock(dir, holder);
  locks.push(lock);
  return lock;
}

function lockedError(promise: Promise<unknown>): Promise<DataDirLockedError> {
  return promise.then(
    () => {
      throw new Error("the lock was taken twice");
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(DataDirLockedError);
      return error as DataDirLockedError;
    },
  );
}

describe("the DATA_DIR lock", () => {
  it("is held by one opener at a time; the refusal names the holder in one line", async () => {
    const dir = await dataDir();
    const lock = await acquire(dir);
    expect(await readDataDirLock(dir)).toMatchObject({ pid: process.pid, holder: "the server" });
    const error = await lockedError(acquireDataDirLock(dir, "npm run db:migrate"));
    expect(error.message).toContain(`DATA_DIR ${dir} is in use by the server (pid ${process.pid}`);
    expect(error.message).not.toContain("\n");
    await lock.release();
    expect(await readDataDirLock(dir)).toBeNull();
    await acquire(dir, "npm run db:migrate");
  });

  it("keeps the file for its owner only, and publishes the server's address and secret in it", async () => {
    const dir = await dataDir();
    const lock = await acquire(dir);
    await lock.publishServer({ url: "http://127.0.0.1:8080", adminSecret: "s3cret" });
    const file = path.join(dir, LOCK_FILE_NAME);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, "utf8"))).toMatchObject({
      pid: process.pid,
      server: { url: "http://127.0.0.1:8080", adminSecret: "s3cret" },
    });
    const error = await lockedError(acquireDataDirLock(dir, "npm run lookup:import"));
    expect(error.holder?.server?.adminSecret).toBe("s3cret");
    expect(error.message).not.toContain("s3cret");
    expect(error.message).toContain("npm run lookup:import works while it runs");
  });

  it(
    "takes over a lock whose process is gone",
    async () => {
      const dir = await dataDir();
      await writeLock(dir, { pid: await deadPid() });
      const lock = await acquire(dir);
      expect(lock.holder.pid).toBe(process.pid);
      expect((await readDataDirLock(dir))?.nonce).toBe(lock.holder.nonce);
    },
    SPAWN_TIMEOUT_MS,
  );

  it("takes over a lock naming this process's pid that this process does not hold (a restarted container)", async () => {
    const dir = await dataDir();
    await writeLock(dir, { pid: process.pid, nonce: "earlier-life" });
    const lock = await acquire(dir);
    expect((await readDataDirLock(dir))?.nonce).toBe(lock.holder.nonce);
  });

  it("takes over a lock whose pid now belongs to a process started later (a reused pid)", async () => {
    const dir = await dataDir();
    if (process.platform !== "linux") return;
    // Our parent is alive; a start time that cannot be its own marks the pid as reused.
    await writeLock(dir, { pid: process.ppid, processStart: "1" });
    await acquire(dir);
  });

  it("refuses while the holder runs (another live process)", async () => {
    const dir = await dataDir();
    await writeLock(dir, { pid: process.ppid });
    const error = await lockedError(acquireDataDirLock(dir, "the server"));
    expect(error.message).toContain(`npm run lookup:import (pid ${process.ppid}`);
    expect(error.message).toContain("wait until it has finished");
  });

  it(
    "refuses a lock from another host (it cannot be checked) and says how to clear it",
    async () => {
      const dir = await dataDir();
      await writeLock(dir, { pid: await deadPid(), hostname: "elsewhere.example" });
      const error = await lockedError(acquireDataDirLock(dir, "the server"));
      expect(error.message).toContain("on host elsewhere.example");
      expect(error.message).toContain(`delete ${path.join(dir, LOCK_FILE_NAME)}`);
    },
    SPAWN_TIMEOUT_MS,
  );

  /** Takeover guards a crashed opener could leave: what the case is, and the guard's text. */
  const leftGuards: [string, () => Promise<string>][] = [
    ["left empty by an earlier version", async () => ""],
    ["naming a process that is gone", async () => `${await deadPid()} a1b2 123`],
  ];
  // Linux only: a start time, from /proc, tells a reused pid.
  if (process.platform === "linux") {
    leftGuards.push([
      "naming a live pid that started later (a reused pid)",
      async () => `${process.ppid} a1b2 1`,
    ]);
  }

  it.each(leftGuards)(
    "takes over a stale lock whose takeover guard was left behind, %s",
    async (_, guardText) => {
      const dir = await dataDir();
      await writeLock(dir, { pid: await deadPid() });
      await writeFile(path.join(dir, `${LOCK_FILE_NAME}.takeover`), await guardText());
      const lock = await acquire(dir);
      expect((await readDataDirLock(dir))?.nonce).toBe(lock.holder.nonce);
      await expect(stat(path.join(dir, `${LOCK_FILE_NAME}.takeover`))).rejects.toMatchObject({
        code: "ENOENT",
      });
    },
    SPAWN_TIMEOUT_MS,
  );

  it("takes over a file that is no lock at all", async () => {
    const dir = await dataDir();
    await writeFile(path.join(dir, LOCK_FILE_NAME), "not json");
    await acquire(dir);
  });

  it(
    "lets exactly one of many simultaneous openers take a stale lock",
    async () => {
      const dir = await dataDir();
      await writeLock(dir, { pid: await deadPid() });
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) => acquireDataDirLock(dir, `opener ${i}`)),
      );
      const taken = results.filter((result) => result.status === "fulfilled");
      expect(taken).toHaveLength(1);
      for (const result of results) {
        if (result.status === "fulfilled") locks.push(result.value);
        else expect(result.reason).toBeInstanceOf(DataDirLockedError);
      }
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    "lets go when the process exits without closing (process.exit on an error)",
    async () => {
      const dir = await dataDir();
      const script = path.join(dir, "failing-command.mts");
      await writeFile(
        script,
        `import { acquireDataDirLock } from ${JSON.stringify(path.resolve("server/db/data-dir-lock.ts"))};
      await acquireDataDirLock(${JSON.stringify(dir)}, "a failing command");
      process.exit(3);`,
      );
      const child = spawn(path.resolve("node_modules/.bin/tsx"), [script], { stdio: "ignore" });
      const [code] = await once(child, "exit");
      expect(code).toBe(3);
      expect(await readDataDirLock(dir)).toBeNull();
    },
    SPAWN_TIMEOUT_MS,
  );
});
