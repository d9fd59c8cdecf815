import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { APPLICATION_PDF_API_PATH } from "../../src/shared/application-pdf";
import type { JobQueue } from "../jobs/job-queue";
import { routingPath } from "../request-path";
import { DISK_RESERVE_BYTES, DiskSpace, pauseJobsWhileFull } from "../storage/disk-space";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Said with 507; the client counts it as the server's problem and keeps what it sent, to retry. */
export const STORAGE_FULL_MESSAGE =
  "The server cannot store anything more just now. Nothing you saved is lost; please try again later.";

/** A request that may write to DATA_DIR: every write, and GET /api/pdf (it may start a render). */
function mayWrite(request: FastifyRequest): boolean {
  return !SAFE_METHODS.has(request.method) || routingPath(request.url) === APPLICATION_PDF_API_PATH;
}

/** The 507 of a request that would write to a full DATA_DIR (also the error handler's, for ENOSPC). */
export function refuseForStorage(reply: FastifyReply): FastifyReply {
  return reply.header("Retry-After", "60").status(507).send({ message: STORAGE_FULL_MESSAGE });
}

export type DiskGuardOptions = {
  /** DATA_DIR, whose file system holds the embedded database and the documents. */
  dataDir: string;
  reserveBytes?: number;
  /** Paused while the reserve is not free, resumed after. */
  queue: Pick<JobQueue, "pause" | "resume">;
};

/**
 * While DATA_DIR has less than its reserve free (issue 36, storage/disk-space.ts): every request
 * that may write is refused, after the security headers, with 507 and our message (nothing
 * written, so nothing the client was told is saved is lost, and its retry succeeds once space
 * returns), and this process's jobs wait in the queue. Reads (the profile, documents, static
 * files) go on.
 */
export const diskGuardPlugin = fp(async (app: FastifyInstance, options: DiskGuardOptions) => {
  const space = new DiskSpace(options.dataDir, options.reserveBytes ?? DISK_RESERVE_BYTES, app.log);
  const stopWatching = pauseJobsWhileFull(space, options.queue, app.log);
  app.addHook("onClose", async () => stopWatching());

  app.addHook("onRequest", (request, reply, done) => {
    if (!mayWrite(request)) return done();
    const room = space.roomNow();
    if (room === true) return done();
    if (room === false) return void refuseForStorage(reply);
    space.hasRoom().then(
      (measured) => (measured ? done() : void refuseForStorage(reply)),
      () => done(),
    );
  });
});
