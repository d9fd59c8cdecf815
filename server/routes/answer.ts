import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AnswerOutcome } from "../../src/shared/api-types";
import { requireAuth } from "../require-auth";
import { hashAnswerRequest, mergeAnswers, parseAnswerRequest } from "../services/answers";
import { advanceClientSequence, parseClientSequence } from "../services/client-sequence";
import { parseIdempotencyKey, runIdempotent, sendOutcome } from "../services/idempotency";

export const answerRoutes: FastifyPluginAsyncZod = async (app) => {
  // The sync protocol of decision 0002. The body is checked by parseAnswerRequest rather than a
  // schema, so each error names the offending keys; everything is checked before the transaction.
  app.put("/api/answer", async (request, reply) => {
    const { userId } = requireAuth(request);
    const key = parseIdempotencyKey(request.headers["idempotency-key"]);
    const client = parseClientSequence(request.headers);
    const save = parseAnswerRequest(request.body, app.clock());
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
