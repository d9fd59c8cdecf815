import { afterEach, describe, expect, it } from "vitest";
import { eventually } from "../../../tests/helpers/eventually";
import { AnswerStore } from "./answer-store";
import { type FromWriter, serveAnswerWrites, type ToWriter } from "./answer-write-service";
import { LocalDb } from "./local-db";
import { offThreadWriter, type WriterWorker } from "./off-thread-writer";
import { writeOnThisThread } from "./on-this-thread";
import { ServerClock } from "./server-clock";
import { getSyncStatus, updateSyncStatus } from "./sync-status";
import { testDb } from "./test-db";

const ADA = "ada@example.edu";

/**
 * A worker as the page sees one, its other end served by answer-write-service.ts over a real
 * MessageChannel (the same code the worker runs), on its own connection to the database.
 */
function channelWorker(openDb: (name: string) => LocalDb = (name) => new LocalDb(name)) {
  const { port1: page, port2: worker } = new MessageChannel();
  const connections: LocalDb[] = [];
  serveAnswerWrites(worker, (name) => {
    const db = openDb(name);
    connections.push(db);
    return db;
  });
  const posted: ToWriter[] = [];
  let onReady = () => {};
  const ready = new Promise<void>((resolve) => {
    onReady = resolve;
  });
  const handle: WriterWorker = {
    postMessage: (message) => {
      posted.push(message as ToWriter);
      page.postMessage(message);
    },
    set onmessage(listener: ((event: MessageEvent) => void) | null) {
      page.onmessage = (event: MessageEvent<FromWriter>) => {
        listener?.(event);
        if ("ready" in event.data) onReady();
      };
    },
    get onmessage() {
      return page.onmessage;
    },
    addEventListener: () => {},
    terminate: () => page.close(),
  };
  stops.push(() => {
    page.close();
    worker.close();
    for (const db of connections) db.close();
  });
  return { handle, posted, ready };
}

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  updateSyncStatus({ localError: null });
});

const writes = (posted: ToWriter[]) => posted.filter((message) => "id" in message);

/** An answer store writing to `db` through the worker, once the worker has its database open. */
async function storeThroughWorker(db: LocalDb, worker: { handle: WriterWorker; ready: Promise<void> }) {
  const store = new AnswerStore(
    () => db,
    new ServerClock(),
    offThreadWriter(() => worker.handle, writeOnThisThread),
  );
  store.prepareWrites();
  await worker.ready;
  return store;
}

describe("keystrokes written by a worker", () => {
  it("go to the worker once it has the database open, stored and queued as on the page's thread", async () => {
    const db = testDb();
    const { handle, posted, ready } = channelWorker();
    const { write } = offThreadWriter(() => handle, writeOnThisThread);

    // The first write starts the worker and does not wait for it.
    await write(db, { owner: ADA, key: "first_name", value: "A", editedAt: 1 }, true);
    expect(posted).toEqual([{ open: db.name }]);
    expect(await db.answers.get([ADA, "first_name"])).toMatchObject({ value: "A" });

    await ready;
    const before = performance.now();
    const { committedAt } = await write(
      db,
      { owner: ADA, key: "first_name", value: "Ada", editedAt: 2 },
      true,
    );
    expect(writes(posted)).toHaveLength(1);
    // When the worker committed, on this thread's clock.
    expect(committedAt).toBeGreaterThanOrEqual(before - 1);
    expect(committedAt).toBeLessThanOrEqual(performance.now() + 1);
    expect(await db.answers.get([ADA, "first_name"])).toMatchObject({ value: "Ada", editedAt: 2 });
    const queued = await db.queue.where("owner").equals(ADA).toArray();
    expect(queued).toMatchObject([{ kind: "answer", key: "first_name", value: "Ada", batchId: null }]);

    // An older edit (another tab's, say) still never overwrites a newer one.
    await write(db, { owner: ADA, key: "first_name", value: "stale", editedAt: 1 }, true);
    expect(await db.answers.get([ADA, "first_name"])).toMatchObject({ value: "Ada" });
  });

  it("go to the worker from the first when it was readied ahead (the first focus in a form)", async () => {
    const db = testDb();
    const { handle, posted, ready } = channelWorker();
    const writer = offThreadWriter(() => handle, writeOnThisThread);
    writer.prepare?.(db);
    writer.prepare?.(db);
    expect(posted).toEqual([{ open: db.name }]);
    await ready;
    await writer.write(db, { owner: ADA, key: "first_name", value: "A", editedAt: 1 }, false);
    expect(writes(posted)).toHaveLength(1);
    expect(await db.answers.get([ADA, "first_name"])).toMatchObject({ value: "A" });
  });

  it("make a write the worker failed on the page's thread, and every write after it", async () => {
    const db = testDb();
    const { handle, posted, ready } = channelWorker((name) => {
      const failing = new LocalDb(name);
      failing.transaction = (() => Promise.reject(new Error("disk I/O error"))) as never;
      return failing;
    });
    const store = await storeThroughWorker(db, { handle, ready });
    await store.set("first_name", "Ada");
    expect(writes(posted)).toHaveLength(1);
    expect(await db.answers.get(["device", "first_name"])).toMatchObject({ value: "Ada" });
    await store.set("last_name", "Lovelace");
    expect(writes(posted)).toHaveLength(1);
    expect(await db.answers.get(["device", "last_name"])).toMatchObject({ value: "Lovelace" });
    expect(getSyncStatus().localError).toBeNull();
  });

  it("report a full device as full when the page's thread cannot store the write either", async () => {
    const quota = () =>
      Promise.reject(new DOMException("The quota has been exceeded.", "QuotaExceededError"));
    const full = { name: `full-${process.pid}`, transaction: quota } as unknown as LocalDb;
    const { handle, posted, ready } = channelWorker((name) => {
      const db = new LocalDb(name);
      db.transaction = quota as never;
      return db;
    });
    const store = await storeThroughWorker(full, { handle, ready });
    await expect(store.set("first_name", "Ada")).rejects.toMatchObject({ name: "QuotaExceededError" });
    expect(writes(posted)).toHaveLength(1);
    expect(getSyncStatus().localError).toBe("this device's storage is full.");
  });

  it("are made on the page's thread when the worker fails, those it had been given included", async () => {
    const db = testDb();
    const posted: ToWriter[] = [];
    let reply: ((event: MessageEvent) => void) | null = null;
    let fail = () => {};
    const silent: WriterWorker = {
      postMessage: (message) => posted.push(message as ToWriter),
      set onmessage(listener) {
        reply = listener;
      },
      get onmessage() {
        return reply;
      },
      addEventListener: (_type, listener) => {
        fail = listener;
      },
      terminate: () => {},
    };
    const { write } = offThreadWriter(() => silent, writeOnThisThread);
    await write(db, { owner: ADA, key: "first_name", value: "A", editedAt: 1 }, true);
    (reply as unknown as (event: Pick<MessageEvent, "data">) => void)({ data: { ready: true } });

    // Given to the worker, which never answers, then stops (its script could not load, say).
    const given = write(db, { owner: ADA, key: "first_name", value: "Ada", editedAt: 2 }, true);
    expect(writes(posted)).toHaveLength(1);
    fail();
    await given;
    expect(await db.answers.get([ADA, "first_name"])).toMatchObject({ value: "Ada", editedAt: 2 });

    // And from then on on this thread.
    await write(db, { owner: ADA, key: "last_name", value: "Lovelace", editedAt: 3 }, true);
    expect(writes(posted)).toHaveLength(1);
    expect(await db.answers.get([ADA, "last_name"])).toMatchObject({ value: "Lovelace" });
  });

  it("are made on the page's thread, the worker stopped, when it cannot open the database", async () => {
    const db = testDb();
    const { handle, posted } = channelWorker((name) => {
      const broken = new LocalDb(name);
      broken.open = (() => Promise.reject(new Error("blocked"))) as never;
      return broken;
    });
    let stopped = false;
    handle.terminate = () => {
      stopped = true;
    };
    const { write } = offThreadWriter(() => handle, writeOnThisThread);
    await write(db, { owner: ADA, key: "first_name", value: "A", editedAt: 1 }, false);
    await eventually(() => expect(stopped).toBe(true));
    await write(db, { owner: ADA, key: "first_name", value: "Ada", editedAt: 2 }, false);
    expect(writes(posted)).toEqual([]);
    expect(await db.answers.get([ADA, "first_name"])).toMatchObject({ value: "Ada" });
  });
});
