// The keystroke's write, run by a dedicated worker (answer-write.worker.ts) for the page
// (off-thread-writer.ts). Why: a transaction started on the page's main thread hears back from
// IndexedDB only after the frame that follows the keystroke (Chromium renders first after an
// input), so the answer reached the disk 5–20 ms after the key; a worker's thread has no frames
// to wait for (decision 0019).
import type { LocalDb, StoredAnswer } from "./local-db";
import { recordAnswer } from "./sync-queue";

/** The page asks for the database, once, then for writes. */
export type ToWriter = { open: string } | { id: number; answer: StoredAnswer; enqueue: boolean };

/** The worker answers `open` once (ready, or why not), then each write by its id. */
export type FromWriter =
  | { ready: true }
  | { unavailable: string }
  | { id: number; committedAt: number }
  | { id: number; failed: string };

/** What both a worker's global scope and a MessagePort offer. */
export type Port = {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
};

/** Epoch milliseconds with a performance clock's precision: comparable across threads. */
const epochNow = () => performance.timeOrigin + performance.now();

/**
 * Serves the page's writes on `port`: `recordAnswer` on the worker's own connection to the same
 * database, in the order they arrive (IndexedDB runs overlapping transactions in the order they
 * were created), each answered once it has committed, with when.
 */
export function serveAnswerWrites(port: Port, openDb: (name: string) => LocalDb): void {
  let db: LocalDb | undefined;
  port.onmessage = ({ data }: MessageEvent<ToWriter>) => {
    if ("open" in data) {
      db = openDb(data.open);
      db.open().then(
        () => port.postMessage({ ready: true } satisfies FromWriter),
        (error: unknown) => {
          db = undefined;
          port.postMessage({ unavailable: String(error) } satisfies FromWriter);
        },
      );
      return;
    }
    const { id, answer, enqueue } = data;
    if (!db) {
      port.postMessage({ id, failed: "no database" } satisfies FromWriter);
      return;
    }
    // A failed write is made again by the page, on its own thread (off-thread-writer.ts).
    recordAnswer(db, answer, enqueue).then(
      () => port.postMessage({ id, committedAt: epochNow() } satisfies FromWriter),
      (error: unknown) => port.postMessage({ id, failed: String(error) } satisfies FromWriter),
    );
  };
}
