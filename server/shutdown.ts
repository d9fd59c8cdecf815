import type { FastifyInstance } from "fastify";

/**
 * After the request deadline, how long closing the job queue, the engines, the database and the
 * mailer may take before the process exits anyway (generous: a loaded machine closes slowly).
 */
export const CLOSE_GRACE_MS = 15_000;

/**
 * How long a stopping process keeps its listener open, answering 503 (plugins/draining.ts), before
 * it closes it: connections the kernel completed while the process was busy (its backlog) were
 * reset when the listener closed at once, so a save already written on a new connection met
 * ECONNRESET instead of our 503 (issue 36). Waiting lets the event loop accept them.
 */
export const DRAIN_ACCEPT_MS = 250;

/**
 * Graceful shutdown with a deadline (issue 11: a client sending its headers slowly kept a process
 * alive 149 s after SIGTERM). On SIGTERM or SIGINT: answer every new request 503, accept what the
 * kernel already holds for DRAIN_ACCEPT_MS, then stop accepting (Fastify closes the listener and
 * idle keep-alive sockets; a request arriving on a busy keep-alive connection gets the 503), let
 * in-flight requests finish for at most `timeoutMs` from the signal, then destroy every connection
 * still open (requests still running, and sockets that never finished sending their headers),
 * close the database and the mailer (onClose hooks) and exit. Should closing hang too, the process
 * exits CLOSE_GRACE_MS later with status 1.
 */
export function installGracefulShutdown(
  app: FastifyInstance,
  timeoutMs: number,
): { readonly started: boolean } {
  const state = { started: false };
  const shutDown = async (signal: NodeJS.Signals) => {
    if (state.started) return;
    state.started = true;
    app.log.info({ signal, timeoutMs }, "shutting down: finishing in-flight requests");
    const deadline = setTimeout(() => {
      app.log.warn({ timeoutMs }, "shutdown deadline reached: closing the connections still open");
      app.server.closeAllConnections();
    }, timeoutMs);
    const lastResort = setTimeout(() => {
      app.log.error({ timeoutMs, graceMs: CLOSE_GRACE_MS }, "shutdown did not finish in time: exiting");
      process.exit(1);
    }, timeoutMs + CLOSE_GRACE_MS);
    try {
      app.startDraining();
      await new Promise((resolve) => setTimeout(resolve, Math.min(DRAIN_ACCEPT_MS, timeoutMs)));
      await app.close();
      app.log.info("shut down");
      process.exit(0);
    } catch (error) {
      app.log.error(error, "shutdown failed");
      process.exit(1);
    } finally {
      clearTimeout(deadline);
      clearTimeout(lastResort);
    }
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => void shutDown(signal));
  }
  // Read by start-up work still under way (e.g. engines warming) to stop instead of starting.
  return state;
}
