import { statfs } from "node:fs/promises";
import type { FastifyBaseLogger } from "fastify";

// Disk full (issue 36, point 9): DATA_DIR holds the embedded database (pgdata), the documents
// (objects) and the mail outbox. PGlite meeting a full disk while it makes a WAL segment does not
// fail a statement: it stops answering, and no space returned revives it (tried: PostgreSQL
// PANICs there, and PGlite spins). So writes are refused while the disk has less than a reserve
// free, before anything meets the full disk; the database keeps its room for what it writes by
// itself, and everything resumes once space returns.

/** Free space kept in DATA_DIR: four WAL segments of 16 MB, and every upload running at once. */
export const DISK_RESERVE_BYTES = 64 * 1024 * 1024;
/** A measure is reused this long: one statfs a second however many requests ask. */
const MEASURE_EVERY_MS = 1000;

type Log = Pick<FastifyBaseLogger, "warn" | "info" | "error">;

/** How often the free space is measured besides requests, so that jobs pause and resume without any. */
const WATCH_EVERY_MS = 2000;

export class DiskSpace {
  private measured: { at: number; room: boolean } | undefined;
  private measuring: Promise<boolean> | undefined;
  private readonly listeners = new Set<(room: boolean) => void>();

  constructor(
    /** The directory whose file system is measured (DATA_DIR). */
    private readonly directory: string,
    private readonly reserveBytes: number,
    private readonly log: Log,
  ) {}

  /** Whether more than the reserve is free, from a measure at most a second old; undefined if none is. */
  roomNow(): boolean | undefined {
    const measured = this.measured;
    return measured && performance.now() - measured.at < MEASURE_EVERY_MS ? measured.room : undefined;
  }

  /** Whether more than the reserve is free (measured now unless a measure is under a second old). */
  hasRoom(): Promise<boolean> {
    const now = this.roomNow();
    if (now !== undefined) return Promise.resolve(now);
    this.measuring ??= this.measure().finally(() => {
      this.measuring = undefined;
    });
    return this.measuring;
  }

  /** Called with `false` when the free space falls under the reserve, `true` when it is back. */
  onChange(listener: (room: boolean) => void): void {
    this.listeners.add(listener);
  }

  private async measure(): Promise<boolean> {
    let room = true;
    let freeBytes: number | undefined;
    try {
      const stats = await statfs(this.directory);
      freeBytes = stats.bavail * stats.bsize;
      room = freeBytes >= this.reserveBytes;
    } catch {
      // Not there yet, or not measurable: nothing to say, so nothing is refused.
    }
    const before = this.measured?.room ?? true;
    this.measured = { at: performance.now(), room };
    if (room !== before) {
      const details = { directory: this.directory, freeBytes, reserveBytes: this.reserveBytes };
      if (room) this.log.info(details, "DATA_DIR has room again: writes and jobs resume");
      else
        this.log.warn(
          details,
          "DATA_DIR is nearly full: writes are refused (507) and jobs paused until space is freed",
        );
      for (const listener of this.listeners) listener(room);
    }
    return room;
  }
}

/** A write that failed for want of space: the file system's, or the database's (SQLSTATE 53100). */
export function isStorageFull(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const fields = cause as { code?: unknown; message?: unknown; cause?: unknown };
    if (fields.code === "ENOSPC" || fields.code === "53100") return true;
    if (typeof fields.message === "string" && fields.message.includes("No space left on device")) return true;
    cause = fields.cause;
  }
  return false;
}

/**
 * Pauses `queue`'s workers while `space` is under its reserve and resumes them after, measuring
 * every 2 s; a job would otherwise meet the full disk, use up its retries and fail. Answers the
 * function that stops watching.
 */
export function pauseJobsWhileFull(
  space: DiskSpace,
  queue: { pause(): Promise<void>; resume(): Promise<void> },
  log: Log,
): () => void {
  space.onChange((room) => {
    (room ? queue.resume() : queue.pause()).catch((error: unknown) =>
      log.error({ err: error }, "could not pause or resume the job workers"),
    );
  });
  const watch = setInterval(() => void space.hasRoom(), WATCH_EVERY_MS);
  watch.unref();
  return () => clearInterval(watch);
}
