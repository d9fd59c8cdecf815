import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { users } from "../db/schema";
import { setSessionCookies } from "../plugins/sessions";
import { expireDraftLink } from "../services/draft-links";
import { createSession } from "../services/sessions";

/**
 * Browser tests only (E2E_TEST_HOOKS=true): signs in a confirmed user without the sign-up flow, and
 * ends a draft link as its expiry would (a browser test cannot wait 30 days).
 * Never registered otherwise; the server logs a warning at start-up when it is.
 */
export const testSupportRoutes: FastifyPluginAsyncZod = async (app) => {
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

  app.post(
    "/__test__/expire-draft-link",
    { schema: { body: z.object({ token: z.string() }) } },
    async (request, reply) => {
      const found = await expireDraftLink(app.db, request.body.token, app.clock());
      return reply.status(found ? 200 : 404).send({ message: found ? "Expired." : "No such link." });
    },
  );
};
