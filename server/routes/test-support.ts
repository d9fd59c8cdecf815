import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { serviceViewPath } from "../../src/shared/service-view";
import type { PoolStats } from "../db/database";
import { users } from "../db/schema";
import { HttpError } from "../http-error";
import { setSessionCookies } from "../plugins/sessions";
import { findUser } from "../services/accounts";
import { expireDraftLink } from "../services/draft-links";
import { mintServiceToken } from "../services/service-tokens";
import { createSession } from "../services/sessions";

/**
 * Browser tests and benches only (E2E_TEST_HOOKS=true): signs in a confirmed user without the
 * sign-up flow, mints service links, ends a draft link as its expiry would (a browser test cannot
 * wait 30 days), and tells the peak bench how busy this process's database pool is. Never
 * registered otherwise; the server logs a warning at start-up when it is.
 */
export const testSupportRoutes: FastifyPluginAsyncZod<{ poolStats?: () => PoolStats }> = async (
  app,
  { poolStats },
) => {
  // PostgreSQL's pool: connections open, idle, and queries waiting for one (404 on PGlite).
  app.get("/__test__/pool", async (_request, reply) =>
    poolStats ? poolStats() : reply.status(404).send({ message: "No connection pool (PGlite)." }),
  );

  app.post(
    "/__test__/session",
    { schema: { body: z.object({ username: z.email() }) } },
    async (request, reply) => {
      const username = request.body.username.trim().toLowerCase();
      const now = app.clock();
      const [user] = await app.db
        .insert(users)
        .values({ username, confirmedAt: now })
        .onConflictDoUpdate({ target: users.username, set: { confirmedAt: now } })
        .returning({ id: users.id });
      if (!user) throw new Error("user upsert returned nothing");
      const { token } = await createSession(app.db, user.id, now);
      setSessionCookies(request, reply, token);
      return { message: "Signed in for testing." };
    },
  );

  // A service link to the account's application, as `npm run service:link` prints it (which cannot
  // open the embedded database while this server holds it). `expired: true` gives a link whose
  // ten minutes ended a minute ago.
  app.post(
    "/__test__/service-token",
    { schema: { body: z.object({ username: z.email(), expired: z.boolean().optional() }) } },
    async (request) => {
      const user = await findUser(app.db, request.body.username.trim().toLowerCase());
      if (!user) throw new HttpError(404, "No such account.");
      const lifetimeMs = 10 * 60_000;
      const now = app.clock();
      const { token } = await mintServiceToken(app.db, {
        userId: user.id,
        purpose: "staff",
        now: request.body.expired ? new Date(now.getTime() - lifetimeMs - 60_000) : now,
        lifetimeMs,
      });
      return { token, path: serviceViewPath(token) };
    },
  );

  app.post(
    "/__test__/expire-draft-link",
    { schema: { body: z.object({ token: z.string() }) } },
    async (request, reply) => {
      const found = await expireDraftLink(app.db, request.body.token, app.clock());
      return reply.status(found ? 200 : 404).send({ message: found ? "Expired." : "No such link." });
    },
  );
};
