import type { FastifyPluginAsync } from "fastify";
import type { Statement } from "../db/database";
import { DatabaseProbe } from "../health/database-probe";

const PING: Statement = { name: "health_ping", text: "select 1" };

/**
 * GET /healthz: a readiness probe (the README's health check for each API process): "ok" when the
 * database answered `select 1` in a check this process started at most HEALTH_FRESH_MS (1 s) ago;
 * otherwise the probe starts a check (or joins the one in flight) and waits for it. A database that
 * does not answer fails the probe (the error handler's 500), and the failure is never reused. A body
 * without a serializer, since probes and load balancers call it often (issue 15).
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  const probe = new DatabaseProbe(() => app.statements.run(PING, []), app.clock);
  app.get("/healthz", async () => {
    await probe.ready();
    return { status: "ok", database: app.databaseKind };
  });
};
