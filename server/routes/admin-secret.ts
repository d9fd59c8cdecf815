import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { HttpError } from "../http-error";

// The admin calls (decision 0006): how operator commands (`npm run lookup:import`, `npm run
// service:link`) reach a server that holds DATA_DIR's embedded database, which no other process
// may open. The secret is random per server start and written only to DATA_DIR's lock file, which
// only its owner can read.

export const ADMIN_UNAUTHORIZED_MESSAGE =
  "This call needs the admin secret of the running server (npm run lookup:import and npm run service:link send it).";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Refuses (401) every request of `app`'s routes without `Authorization: Bearer <secret>`, before its body is read. */
export function requireAdminSecret(app: FastifyInstance, secret: string): void {
  const expected = digest(secret);
  app.addHook("onRequest", async (request) => {
    const header = request.headers.authorization ?? "";
    const given = header.startsWith("Bearer ") ? header.slice("Bearer ".length) : "";
    // Digests of equal length, compared in constant time.
    if (!timingSafeEqual(digest(given), expected)) throw new HttpError(401, ADMIN_UNAUTHORIZED_MESSAGE);
  });
}
