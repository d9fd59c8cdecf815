import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * Spec §7: our client says `Content-Type: application/json` on every call, "a body is sent only
 * with a payload". Fastify's own JSON parser refuses an empty JSON body (400), so this one reads an
 * empty (or all-whitespace) body as no body at all, for every route: a call that takes no payload
 * (`POST /api/submit`, the `DELETE`s) accepts it, and a route that needs a body still refuses its
 * absence through its schema. Anything else goes through Fastify's parser unchanged (its
 * prototype-poisoning protection, and each route's body limit, which Fastify applies to every
 * parser). GET and HEAD bodies are never parsed.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === "") return done(null, undefined);
    return parseJson(request, text, done);
  });
});
