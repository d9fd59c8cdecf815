import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FormPage } from "../../src/form/catalogue-types";
import { refuseSignedOut, sessionTokenOf } from "../plugins/sessions";
import { SIGNED_OUT, saveAnswers } from "../services/answer-save";
import { hashAnswerRequest, parseAnswerRequest } from "../services/answers";
import { parseClientSequence } from "../services/client-sequence";
import { parseIdempotencyKey, sendOutcome } from "../services/idempotency";
import { findActiveSession } from "../services/sessions";

export type AnswerRouteOptions = { pages: readonly FormPage[] };

export const answerRoutes: FastifyPluginAsyncZod<AnswerRouteOptions> = async (app, { pages }) => {
  /** The request's parts, checked; a refusal is thrown only once the session is known active. */
  async function checkedRequest(request: FastifyRequest, reply: FastifyReply, sessionToken: string) {
    try {
      return {
        key: parseIdempotencyKey(request.headers["idempotency-key"]),
        client: parseClientSequence(request.headers),
        save: parseAnswerRequest(request.body, app.clock(), pages),
      };
    } catch (refusal) {
      // As on every other /api/* call, a signed-out request is told so (401) before anything else.
      if (!(await findActiveSession(app.statements, sessionToken, app.clock()))) {
        refuseSignedOut(request, reply);
      }
      throw refusal;
    }
  }

  // The sync protocol of decision 0002. The body is checked by parseAnswerRequest rather than a
  // schema, so each error names the offending keys (a refused answer: 400 { message, fields }, see
  // src/shared/answer-refusals.ts); everything is checked before the save, so a refused save stores
  // nothing and leaves its idempotency key and sequence number unused. The session is checked in
  // the save's own statement, not by the sessions plugin's hook: one round trip less (issue 15).
  app.put("/api/answer", { config: { checksSessionItself: true } }, async (request, reply) => {
    const sessionToken = sessionTokenOf(request) ?? refuseSignedOut(request, reply);
    const { key, client, save } = await checkedRequest(request, reply, sessionToken);
    // One statement in the common case, a transaction of several in the rare ones
    // (services/answer-save.ts): the session is checked, the key claimed (a known key replays its
    // outcome whatever the sequence number), then the sequence row and the user's application row
    // are locked.
    const result = await saveAnswers(app.statements, {
      sessionToken,
      key,
      requestHash: hashAnswerRequest(save),
      client,
      save,
      clock: app.clock,
      clockOffsetMs: app.clockOffsetMs(),
    });
    if (result === SIGNED_OUT) refuseSignedOut(request, reply);
    return sendOutcome(reply, result);
  });
};
