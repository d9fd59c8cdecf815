import type { FastifyPluginAsync } from "fastify";
import type { Statement } from "../db/database";

const PING: Statement = { name: "health_ping", text: "select 1" };

/**
 * GET /healthz: a readiness probe (the README's health check for each API process): "ok" only
 * after the database has answered a query, on every call; a database that does not answer fails
 * the request (the error handler's 500), never a remembered "ok". A prepared statement, and a body
 * without a serializer, since probes and load balancers call it often (issue 15).
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get("/healthz", async () => {
    await app.statements.run(PING, []);
    return { status: "ok", database: app.databaseKind };
  });
};
