import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { FORM_PAGES, type FormPagePath } from "../../src/shared/routes";
import { refuseSignedOut, sessionTokenOf } from "../plugins/sessions";
import { requireAuth } from "../require-auth";
import {
  hashCall,
  parseOptionalIdempotencyKey,
  runMaybeIdempotent,
  sendOutcome,
} from "../services/idempotency";
import { readProfile, saveLastPage } from "../services/profile";

const formPagePaths = FORM_PAGES.map((page) => page.path) as [FormPagePath, ...FormPagePath[]];

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  // What every signed-in page load asks: the session is checked in the profile's own statement, not
  // by the sessions plugin's hook (one round trip, issue 33), and the JSON is built by the database.
  app.get("/api/profile", { config: { checksSessionItself: true } }, async (request, reply) => {
    const sessionToken = sessionTokenOf(request) ?? refuseSignedOut(request, reply);
    const body = await readProfile(app.statements, sessionToken, app.clock);
    if (body === null) refuseSignedOut(request, reply);
    return reply.type("application/json; charset=utf-8").send(body);
  });

  app.put(
    "/api/last-page",
    {
      schema: {
        body: z.object({
          last_page: z.enum(formPagePaths, {
            message: `last_page must be one of ${formPagePaths.join(", ")}`,
          }),
        }),
      },
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      const key = parseOptionalIdempotencyKey(request.headers["idempotency-key"]);
      const lastPage = request.body.last_page;
      const result = await runMaybeIdempotent(
        app.db,
        { userId, key, requestHash: hashCall("PUT /api/last-page", { last_page: lastPage }) },
        async (tx) => {
          await saveLastPage(tx, userId, lastPage, app.clock());
          return { statusCode: 200, body: { message: "Your place in the application has been saved." } };
        },
      );
      return sendOutcome(reply, result);
    },
  );
};
