import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FormPage } from "../../src/form/catalogue-types";
import type { AnswerOutcome } from "../../src/shared/api-types";
import { requireAuth } from "../require-auth";
import { hashAnswerRequest, mergeAnswers, parseAnswerRequest } from "../services/answers";
import { advanceClientSequence, parseClientSequence } from "../services/client-sequence";
import { parseIdempotencyKey, runIdempotent, sendOutcome } from "../services/idempotency";

export type AnswerRouteOptions = { pages: readonly FormPage[] };

export const answerRoutes: FastifyPluginAsyncZod<AnswerRouteOptions> = async (app, { pages }) => {
  // The sync protocol of decision 0002. The body is checked by parseAnswerRequest rather than a
  // schema, so each error names the offending keys (a refused answer: 400 { message, fields }, see
  // src/shared/answer-refusals.ts); everything is checked before the transaction, so a refused
  // save stores nothing and leaves its idempotency key and sequence number unused.
  app.put("/api/answer", async (request, reply) => {
    const { userId } = requireAuth(request);
    const key = parseIdempotencyKey(request.headers["idempotency-key"]);
    const client = parseClientSequence(request.headers);
    const save = parseAnswerRequest(request.body, app.clock(), pages);
    // One transaction: the key is claimed first (a known key replays its outcome whatever the
    // sequence number), then the sequence row and the user's application row are locked.
    const result = await runIdempotent(
      app.db,
      { userId, key, requestHash: hashAnswerRequest(save) },
      async (tx) => {
        if (client) await advanceClientSequence(tx, userId, client, app.clock());
        const { saved, superseded, savedAt } = await mergeAnswers(tx, userId, save, app.clock);
        const body: AnswerOutcome = {
          message: "Your answers have been saved.",
          saved,
          saved_at: savedAt.toISOString(),
          server_time: savedAt.getTime(),
          superseded,
        };
        return { statusCode: 200, body };
      },
    );
    return sendOutcome(reply, result);
  });
};
