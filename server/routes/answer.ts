import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireAuth } from "../require-auth";
import { mergeAnswers, parseAnswerMap } from "../services/answers";
import { hashRequest, parseIdempotencyKey, runIdempotent } from "../services/idempotency";

export const answerRoutes: FastifyPluginAsyncZod = async (app) => {
  // Body checked by parseAnswerMap rather than a schema, so each error names the offending keys.
  app.put("/api/answer", async (request, reply) => {
    const { userId } = requireAuth(request);
    const key = parseIdempotencyKey(request.headers["idempotency-key"]);
    const changes = parseAnswerMap(request.body);
    const result = await runIdempotent(
      app.db,
      { userId, key, requestHash: hashRequest(changes) },
      async (tx) => {
        const now = app.clock();
        await mergeAnswers(tx, userId, changes, now);
        return {
          statusCode: 200,
          body: {
            message: "Your answers have been saved.",
            saved: Object.keys(changes).length,
            saved_at: now.toISOString(),
          },
        };
      },
    );
    if (result.replayed) reply.header("Idempotent-Replayed", "true");
    return reply.status(result.statusCode).send(result.body);
  });
};
