import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { FormPage } from "../../src/form/catalogue-types";
import { requireAuth } from "../require-auth";
import {
  hashCall,
  parseOptionalIdempotencyKey,
  runMaybeIdempotent,
  sendOutcome,
} from "../services/idempotency";
import { submitApplication } from "../services/submission";
import type { webhookOnSubmission } from "../webhooks/webhook-events";

export type SubmitRouteOptions = {
  pages: readonly FormPage[];
  /** The webhook's event on submission, when WEBHOOK_URL is set (decision 0022). */
  webhook?: ReturnType<typeof webhookOnSubmission>;
};

export const submitRoutes: FastifyPluginAsyncZod<SubmitRouteOptions> = async (app, { pages, webhook }) => {
  // Spec §7: the call has no payload; our client still says JSON, and an empty JSON body reads as
  // no body (plugins/json-body.ts).
  app.post(
    "/api/submit",
    {
      schema: {
        body: z
          .strictObject({}, { message: "POST /api/submit takes no body (or an empty object)." })
          .nullish(),
      },
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      const key = parseOptionalIdempotencyKey(request.headers["idempotency-key"]);
      await webhook?.start();
      // A refusal (422) is thrown, so it rolls back and stores no outcome under the key: a retry
      // validates again. An accepted or repeated submit is stored and replayed.
      const result = await runMaybeIdempotent(
        app.db,
        { userId, key, requestHash: hashCall("POST /api/submit", {}) },
        async (tx) => ({
          statusCode: 200,
          body: await submitApplication(tx, userId, pages, app.clock, webhook?.hook),
        }),
      );
      webhook?.wake();
      return sendOutcome(reply, result);
    },
  );
};
