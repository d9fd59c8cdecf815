import { mkdtemp, rm } from "node:fs/promises";
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

const { acquireDataDirLock, DataDirLockedError } = await import("./data-dir-lock");
const { deadPid, writeLock } = await import("./testing/lock-files");

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("the DATA_DIR lock, taken over by simultaneous openers", () => {
  it("lets exactly one opener in, in every interleaving tried, and refuses the others as locked", async () => {
    const gone = await deadPid();
    for (let round = 0; round < 200; round++) {
      const dir = await mkdtemp(path.join(os.tmpdir(), "admissions-lock-race-"));
      dirs.push(dir);
      await writeLock(dir, { pid: gone });
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
