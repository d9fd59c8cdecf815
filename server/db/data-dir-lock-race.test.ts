import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

// Simultaneous openers of a stale lock interleave at every await of the file system. Here each of
// those calls first yields a random number of turns of the event loop, so that each round tries
// another interleaving (the race that let two openers in showed once in hundreds of plain rounds).
vi.mock("node:fs/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs/promises")>();
  const jitter = async () => {
    for (let turns = Math.floor(Math.random() * 3); turns > 0; turns--) {
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const jittered =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      await jitter();
      const result = await call(...args);
      await jitter();
      return result;
    };
  return {
    ...actual,
    link: jittered(actual.link),
    open: jittered(actual.open),
    readFile: jittered(actual.readFile),
    unlink: jittered(actual.unlink),
    writeFile: jittered(actual.writeFile),
  };
});

const { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } = await import("./data-dir-lock");

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("the DATA_DIR lock, taken over by simultaneous openers", () => {
  it("lets exactly one opener in, in every interleaving tried, and refuses the others as locked", async () => {
    for (let round = 0; round < 200; round++) {
      const dir = await mkdtemp(path.join(os.tmpdir(), "admissions-lock-race-"));
      dirs.push(dir);
      // Left by a process that is gone: pid 2^22 + 1 is above Linux's highest pid.
      const stale = { pid: 4_194_305, hostname: os.hostname(), holder: "npm run db:migrate" };
      await writeFile(
        path.join(dir, LOCK_FILE_NAME),
        JSON.stringify({
          ...stale,
          processStart: null,
          startedAt: "2026-01-01T00:00:00.000Z",
          nonce: "gone",
        }),
      );
      const results = await Promise.allSettled(
        Array.from({ length: 6 }, (_, i) => acquireDataDirLock(dir, `opener ${i}`)),
      );
      const taken = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
      const refusals = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
      await Promise.all(taken.map((lock) => lock.release()));
      expect({ round, taken: taken.length }).toEqual({ round, taken: 1 });
      for (const reason of refusals) expect(reason).toBeInstanceOf(DataDirLockedError);
    }
  });
});
