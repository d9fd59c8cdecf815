import { spawn } from "node:child_process";
import { once } from "node:events";
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { LOCK_FILE_NAME, type LockHolder } from "../data-dir-lock";

/** A lock file as another process would have left it. */
export async function writeLock(dir: string, fields: Partial<LockHolder>): Promise<void> {
  const holder: LockHolder = {
    pid: 1,
    hostname: os.hostname(),
    holder: "npm run lookup:import",
    processStart: null,
    startedAt: "2026-01-01T00:00:00.000Z",
    nonce: "other",
    ...fields,
  };
  await writeFile(path.join(dir, LOCK_FILE_NAME), JSON.stringify(holder));
}

/** The pid of a process that has exited. */
export async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""]);
  await once(child, "exit");
  return child.pid ?? 0;
}
