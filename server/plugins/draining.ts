import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyInstance {
    /** From now on, every new request is answered 503 (shutdown.ts calls it on SIGTERM). */
    startDraining(): void;
  }
}

/** What a request arriving while the process stops is told; the client retries it elsewhere or later. */
export const STOPPING_MESSAGE = "The server is restarting. Please try again in a moment.";

/**
 * A stopping process answers every request that arrives from then on with 503 `{ message }` and
 * `Connection: close`, after the security headers (registered after the security plugin), so the
 * client's retry goes to a new connection, another process behind the balancer or this one's
 * successor. Fastify's own 503 for requests arriving during close carried none of our headers, so
 * it is off (`return503OnClosing: false` in app.ts) and this hook answers those too.
 */
export const drainingPlugin = fp(async (app: FastifyInstance) => {
  let draining = false;
  app.decorate("startDraining", () => {
    draining = true;
  });
  app.addHook("preClose", async () => {
    draining = true;
  });
  app.addHook("onRequest", (_request, reply, done) => {
    if (!draining) return done();
    reply
      .header("Connection", "close")
      .header("Retry-After", "1")
      .status(503)
      .send({ message: STOPPING_MESSAGE });
  });
});
