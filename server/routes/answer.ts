import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FormPage } from "../../src/form/catalogue-types";
import { requireAuth } from "../require-auth";
import { saveAnswers } from "../services/answer-save";
import { hashAnswerRequest, parseAnswerRequest } from "../services/answers";
import { parseClientSequence } from "../services/client-sequence";
import { parseIdempotencyKey, sendOutcome } from "../services/idempotency";

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
    // One statement in the common case, a transaction of several in the rare ones
    // (services/answer-save.ts): the key is claimed first (a known key replays its outcome whatever
    // the sequence number), then the sequence row and the user's application row are locked.
    const result = await saveAnswers(app.statements, {
      userId,
      key,
      requestHash: hashAnswerRequest(save),
      client,
      save,
      clock: app.clock,
      clockOffsetMs: app.clockOffsetMs(),
    });
    return sendOutcome(reply, result);
  });
};
