import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { NestingTooDeepError, toStorableJson } from "../../src/shared/storable-text";
import { HttpError } from "../http-error";

/**
 * Decision 0006's text rule, applied once for every route: each string of the parsed body, the
 * query and the path parameters loses its NULs and has its lone surrogates replaced by U+FFFD
 * before any schema, parser or handler sees it. So no route can hand PostgreSQL a string it cannot
 * store (a 500 on every retry), and the idempotency hash is taken over the stored value. Headers
 * need no rule: Node's HTTP parser refuses NUL there, and header bytes decode as Latin-1, which has
 * no surrogates; the two headers we store (Idempotency-Key, X-Client-Id) are also restricted to
 * ASCII patterns.
 */
export const storableTextPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("preValidation", (request, _reply, done) => {
    try {
      request.query = toStorableJson(request.query);
      request.params = toStorableJson(request.params);
      request.body = toStorableJson(request.body);
    } catch (error) {
      if (error instanceof NestingTooDeepError) return done(new HttpError(400, error.message));
      return done(error as Error);
    }
    done();
  });
});
