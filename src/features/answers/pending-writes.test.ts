import { describe, expect, it } from "vitest";
import { flushPendingWrites, pendingWriteCount, trackWrite } from "./pending-writes";

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("pending local writes", () => {
  it("flushes at once when nothing is in flight", async () => {
    expect(pendingWriteCount()).toBe(0);
    await expect(flushPendingWrites()).resolves.toBeUndefined();
  });

  it("waits until every tracked write has settled", async () => {
    const a = deferred();
    const b = deferred();
    trackWrite(a.promise);
    trackWrite(b.promise);
    expect(pendingWriteCount()).toBe(2);

    let flushed = false;
    const flush = flushPendingWrites().then(() => {
      flushed = true;
    });
    a.resolve();
    await tick();
    expect(flushed).toBe(false);
    b.resolve();
    await flush;
    expect(flushed).toBe(true);
    expect(pendingWriteCount()).toBe(0);
  });

  it("also waits for writes started while it waits", async () => {
    const first = deferred();
    const second = deferred();
    trackWrite(first.promise);
    let flushed = false;
    const flush = flushPendingWrites().then(() => {
      flushed = true;
    });
    trackWrite(second.promise);
    first.resolve();
    await tick();
    expect(flushed).toBe(false);
    second.resolve();
    await flush;
    expect(flushed).toBe(true);
  });

  it("settles on a failed write without hiding the failure from its caller", async () => {
    const write = deferred<number>();
    const tracked = trackWrite(write.promise);
    expect(tracked).toBe(write.promise);
    const flush = flushPendingWrites();
    write.reject(new Error("QuotaExceededError"));
    await expect(flush).resolves.toBeUndefined();
    await expect(tracked).rejects.toThrow("QuotaExceededError");
    expect(pendingWriteCount()).toBe(0);
  });

  it("forgets writes that finished before anyone flushed", async () => {
    await trackWrite(Promise.resolve("done"));
    await tick();
    expect(pendingWriteCount()).toBe(0);
  });
});
