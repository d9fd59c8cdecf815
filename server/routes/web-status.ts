import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAuth } from "../require-auth";
import {
  hashCall,
  parseOptionalIdempotencyKey,
  runMaybeIdempotent,
  sendOutcome,
} from "../services/idempotency";
import { recordWebStatus, WEB_STATUSES } from "../services/web-status";

export const webStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/web-status",
    {
      schema: {
        body: z.object({
          web_status: z.enum(WEB_STATUSES, {
            message: `web_status must be one of ${WEB_STATUSES.join(", ")}`,
          }),
        }),
      },
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      const key = parseOptionalIdempotencyKey(request.headers["idempotency-key"]);
      const status = request.body.web_status;
      const result = await runMaybeIdempotent(
        app.db,
        { userId, key, requestHash: hashCall("POST /api/web-status", { web_status: status }) },
        async (tx) => {
          await recordWebStatus(tx, userId, status, app.clock());
          return { statusCode: 200, body: { message: "Your application status has been saved." } };
        },
      );
      return sendOutcome(reply, result);
    },
  );
};
