import type { FromWriter, Port, ToWriter } from "./answer-write-service";
import type { LocalDb, StoredAnswer } from "./local-db";

/**
 * Stores one answer on the device (and queues it for the server when `enqueue`), as `recordAnswer`
 * does; resolves once it has committed, with when (this thread's `performance.now()`).
 */
export type AnswerWrite = (
  db: LocalDb,
  answer: StoredAnswer,
  enqueue: boolean,
) => Promise<{ committedAt: number }>;

/** A way of writing answers; `prepare` readies it for `db` ahead of the first write, if it can. */
export type AnswerWriter = { write: AnswerWrite; prepare?: (db: LocalDb) => void };

/** A dedicated worker, as far as the writer uses one. */
export type WriterWorker = Port & {
  addEventListener(type: "error", listener: () => void): void;
  terminate(): void;
};

type Waiting = {
  db: LocalDb;
  answer: StoredAnswer;
  enqueue: boolean;
  resolve: (outcome: { committedAt: number }) => void;
  reject: (error: unknown) => void;
};

/**
 * Writes answers through a dedicated worker (answer-write-service.ts), started by `prepare` (the
 * first focus in a form) or else the first write, once it has the database open. Until then, for
 * another database, and for good once the worker has failed (its script did not load, the database
 * did not open in it, a write failed there), on this thread: a keystroke is never held back for the
 * worker, nor lost by it. The writes it held when it failed are made again here, the same answer
 * with the same edit time, so one that had committed is only written again; one that cannot be
 * stored fails here, under this thread's error (a full device is told apart: answer-store.ts).
 * `writeOnThisThread` is on-this-thread.ts's, passed in so that this file does not bring the
 * database's code with it (the app's loads with the sync engine: answer-session.ts).
 */
export function offThreadWriter(
  startWorker: () => WriterWorker,
  writeOnThisThread: AnswerWrite,
): AnswerWriter {
  let worker: WriterWorker | undefined;
  let state: "not started" | "starting" | "ready" | "unavailable" = "not started";
  let database = "";
  let nextId = 0;
  const waiting = new Map<number, Waiting>();

  const giveUp = () => {
    state = "unavailable";
    worker?.terminate();
    worker = undefined;
    const left = [...waiting.values()];
    waiting.clear();
    for (const write of left) {
      writeOnThisThread(write.db, write.answer, write.enqueue).then(write.resolve, write.reject);
    }
  };

  const onReply = ({ data }: MessageEvent<FromWriter>) => {
    if ("ready" in data) {
      state = "ready";
      return;
    }
    if ("unavailable" in data) return giveUp();
    const write = waiting.get(data.id);
    if (!write) return;
    if ("failed" in data) return giveUp();
    waiting.delete(data.id);
    // The worker's clock and this one share an epoch: when it committed, on this thread's clock.
    write.resolve({ committedAt: data.committedAt - performance.timeOrigin });
  };

  const start = (name: string) => {
    state = "starting";
    database = name;
    try {
      worker = startWorker();
    } catch {
      state = "unavailable";
      return;
    }
    worker.addEventListener("error", giveUp);
    worker.onmessage = onReply;
    worker.postMessage({ open: name } satisfies ToWriter);
  };

  const prepare = (db: LocalDb) => {
    if (state === "not started") start(db.name);
  };

  const write: AnswerWrite = (db, answer, enqueue) => {
    prepare(db);
    const ready = state === "ready" ? worker : undefined;
    if (!ready || db.name !== database) return writeOnThisThread(db, answer, enqueue);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { db, answer, enqueue, resolve, reject });
      ready.postMessage({ id, answer, enqueue } satisfies ToWriter);
    });
  };
  return { write, prepare };
}
