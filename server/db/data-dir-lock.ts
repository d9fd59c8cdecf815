import { randomBytes } from "node:crypto";
import { readFileSync, unlinkSync } from "node:fs";
import { link, mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

// One process per embedded database (decision 0006). PGlite has no lock of its own: two processes
// on one directory each saw only their own writes, and an acknowledged write was lost. Whoever
// opens DATA_DIR's database (the server, `db:migrate`, `lookup:import`, any later CLI: they all go
// through openDatabase) first takes DATA_DIR/admissions.lock, a JSON file naming the holder. A
// second opener is refused with one line naming the holder; a lock whose process is gone is taken
// over. The running server also writes its address and an admin secret into the file, so that
// `lookup:import` can send its rows through it (the file is readable by its owner only).

export const LOCK_FILE_NAME = "admissions.lock";

export type LockHolder = {
  pid: number;
  hostname: string;
  /** What holds it, in words: "the server", "npm run lookup:import". */
  holder: string;
  /** Start time of the process (Linux: clock ticks after boot, from /proc), to tell a reused pid. */
  processStart: string | null;
  startedAt: string;
  /** Random per acquisition: a lock is only released by the acquisition that took it. */
  nonce: string;
  /** Set by the server once it listens: where it answers, and the secret of its admin calls. */
  server?: { url: string; adminSecret: string };
};

export type DataDirLock = {
  file: string;
  holder: LockHolder;
  /** Adds the listening server's address and admin secret to the lock file. */
  publishServer(server: { url: string; adminSecret: string }): Promise<void>;
  release(): Promise<void>;
};

/** DATA_DIR is held by a live process (or one we cannot check). The message is one line. */
export class DataDirLockedError extends Error {
  constructor(
    readonly file: string,
    /** null when the file exists but cannot be read (another user's). */
    readonly holder: LockHolder | null,
  ) {
    super(lockedMessage(file, holder));
    this.name = "DataDirLockedError";
  }
}

function lockedMessage(file: string, holder: LockHolder | null): string {
  const dataDir = path.dirname(file);
  if (!holder) {
    return `DATA_DIR ${dataDir} is locked by ${file}, which this user cannot read: run this as the user that owns DATA_DIR.`;
  }
  const who = `${holder.holder} (pid ${holder.pid}${holder.hostname === os.hostname() ? "" : ` on host ${holder.hostname}`}, since ${holder.startedAt})`;
  const advice =
    holder.hostname !== os.hostname()
      ? `stop it there, or delete ${file} if it no longer runs`
      : holder.server
        ? `stop it first (npm run lookup:import works while it runs: it sends the rows to ${holder.server.url})`
        : "wait until it has finished, or stop it";
  return `DATA_DIR ${dataDir} is in use by ${who}; one process at a time may open its database: ${advice}.`;
}

/**
 * Nonces of the locks and takeover guards this process holds or is taking: one naming our own pid
 * is alive only if its nonce is in here. Openers in one process (tests, a CLI opening twice) share
 * the pid, and a lock is in here before its file exists, so none of them can take it for stale in
 * the moment between the file appearing and its opener returning.
 */
const heldHere = new Set<string>();

/** Linux: field 22 of /proc/<pid>/stat, the process's start time. null where there is no /proc. */
function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may contain spaces or parentheses itself.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

/** Whether the holder may still be running. Unknown (another host) counts as running. */
function isHolderAlive(holder: Pick<LockHolder, "pid" | "hostname" | "processStart" | "nonce">): boolean {
  if (holder.hostname !== os.hostname()) return true;
  // Our own pid: this process, or an earlier one that had the same pid (a restarted container).
  if (holder.pid === process.pid) return heldHere.has(holder.nonce);
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  // Alive, unless the pid now belongs to a process that started later (a reused pid).
  const started = processStartTime(holder.pid);
  return holder.processStart === null || started === null || started === holder.processStart;
}

function parseHolder(text: string): LockHolder | null {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    return typeof value.pid === "number" && typeof value.nonce === "string" ? (value as LockHolder) : null;
  } catch {
    return null;
  }
}

/** The lock file's text; undefined when there is none. Throws when it cannot be read. */
async function readLockText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** The current holder of DATA_DIR's lock, if the file exists and is readable. */
export async function readDataDirLock(dataDir: string): Promise<LockHolder | null> {
  const text = await readLockText(path.resolve(dataDir, LOCK_FILE_NAME));
  return text === undefined ? null : parseHolder(text);
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** Writes `text` to a fresh file beside `file` (owner-only), so a lock is never seen half-written. */
async function writeTemporary(file: string, text: string): Promise<string> {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}`;
  await writeFile(temporary, text, { mode: 0o600, flag: "wx" });
  return temporary;
}

/** Creates the lock file with `text` if there is none (atomically: a hard link fails if it exists). */
async function createExclusive(file: string, text: string): Promise<boolean> {
  const temporary = await writeTemporary(file, text);
  try {
    await link(temporary, file);
    return true;
  } catch (error) {
    if (errorCode(error) === "EEXIST") return false;
    throw error;
  } finally {
    await unlink(temporary).catch(() => {});
  }
}

/**
 * Removes a stale lock file, if it still holds `staleText`. Two openers that both found it stale
 * must not both remove it (the second would remove the first one's new lock), so removal happens
 * under `<file>.takeover`, created exclusively with its holder already in it (an empty guard would
 * look abandoned): "pid nonce start". A guard whose holder is gone (or whose pid was reused) is
 * removed.
 */
async function removeStale(file: string, staleText: string): Promise<void> {
  const guard = `${file}.takeover`;
  const nonce = randomBytes(8).toString("hex");
  heldHere.add(nonce);
  try {
    if (await createExclusive(guard, `${process.pid} ${nonce} ${processStartTime(process.pid) ?? ""}`)) {
      try {
        if ((await readLockText(file)) === staleText) await unlink(file);
      } finally {
        await unlink(guard).catch(() => {});
      }
      return;
    }
  } finally {
    heldHere.delete(nonce);
  }
  const text = await readLockText(guard);
  if (text === undefined) return; // released meanwhile
  const [pid, otherNonce = "", start = ""] = text.split(" ");
  const holder = {
    pid: Number(pid),
    hostname: os.hostname(),
    processStart: start || null,
    nonce: otherNonce,
  };
  if (!Number.isSafeInteger(holder.pid) || holder.pid <= 0 || !isHolderAlive(holder))
    await unlink(guard).catch(() => {});
}

const ATTEMPTS = 50;

/**
 * Takes DATA_DIR's lock for `holder` ("the server", "npm run db:migrate"), or throws
 * DataDirLockedError naming the process that has it. A lock left by a process that is gone (or a
 * file that is not a lock) is taken over.
 */
export async function acquireDataDirLock(dataDir: string, holder: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const file = path.resolve(dataDir, LOCK_FILE_NAME);
  const mine: LockHolder = {
    pid: process.pid,
    hostname: os.hostname(),
    holder,
    processStart: processStartTime(process.pid),
    startedAt: new Date().toISOString(),
    nonce: randomBytes(16).toString("hex"),
  };
  heldHere.add(mine.nonce);
  try {
    return await takeLock(file, mine);
  } catch (error) {
    heldHere.delete(mine.nonce);
    throw error;
  }
}

async function takeLock(file: string, mine: LockHolder): Promise<DataDirLock> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (await createExclusive(file, JSON.stringify(mine))) return holdLock(file, mine);
    let text: string | undefined;
    try {
      text = await readLockText(file);
    } catch (error) {
      if (errorCode(error) === "EACCES" || errorCode(error) === "EPERM")
        throw new DataDirLockedError(file, null);
      throw error;
    }
    if (text === undefined) continue; // released meanwhile
    const current = parseHolder(text);
    if (current && isHolderAlive(current)) throw new DataDirLockedError(file, current);
    await removeStale(file, text);
    // Another process may be removing it: give it a moment before looking again.
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(
    `Could not take ${file}: it kept changing. Is another process starting on DATA_DIR ${path.dirname(file)}?`,
  );
}

function holdLock(file: string, holder: LockHolder): DataDirLock {
  let current = holder;
  const ours = (text: string | undefined) => text !== undefined && parseHolder(text)?.nonce === holder.nonce;
  // A process that exits without closing the database (process.exit on an error) still lets go.
  const releaseOnExit = () => {
    try {
      if (ours(readFileSync(file, "utf8"))) unlinkSync(file);
    } catch {}
  };
  process.once("exit", releaseOnExit);
  return {
    file,
    get holder() {
      return current;
    },
    async publishServer(server) {
      current = { ...current, server };
      const temporary = await writeTemporary(file, JSON.stringify(current));
      await rename(temporary, file);
    },
    async release() {
      if (!heldHere.delete(holder.nonce)) return;
      process.removeListener("exit", releaseOnExit);
      if (ours(await readLockText(file).catch(() => undefined))) await unlink(file).catch(() => {});
    },
  };
}
