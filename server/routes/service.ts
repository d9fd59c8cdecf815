import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { SERVICE_LINK_INVALID_MESSAGE } from "../../src/shared/messages";
import { SERVICE_RESPONSE_PATH, SERVICE_TOKEN_PARAM } from "../../src/shared/service-view";
import { HttpError } from "../http-error";
import { findServiceTokenUser } from "../services/service-tokens";
import { loadServiceApplication } from "../services/service-view";

const serviceResponse = z.object({
  answer: z.record(z.string(), z.string()),
  add_another: z.record(z.string(), z.number()),
  document_answer: z.record(z.string(), z.object({ file_name: z.string(), file_size: z.number() })),
  tabs: z.record(z.string(), z.string()),
});

/**
 * Spec §7 `GET /service/tmp-pdf?service_token=T`: the service response of the application the
 * token opens. The token is the only credential (no session, and no CSRF header: the call changes
 * nothing). Any token that does not open an application, whatever the reason, gets the same 401.
 * The answer is personal and the URL holds a secret: no cache keeps it, no link from it sends it on.
 */
export const serviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    SERVICE_RESPONSE_PATH,
    {
      schema: {
        // Any shape (missing, repeated, malformed) reaches the token check, which refuses it with
        // the same 401 as an unknown token.
        querystring: z.object({ [SERVICE_TOKEN_PARAM]: z.unknown().optional() }),
        response: { 200: serviceResponse },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store").header("Referrer-Policy", "no-referrer");
      const token = request.query[SERVICE_TOKEN_PARAM];
      const userId = await findServiceTokenUser(app.db, token, app.clock());
      if (!userId) throw new HttpError(401, SERVICE_LINK_INVALID_MESSAGE);
      return loadServiceApplication(app.db, userId);
    },
  );
};
