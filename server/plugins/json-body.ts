import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { HttpError } from "../http-error";

/**
 * Spec §7: our client says `Content-Type: application/json` on every call, "a body is sent only
 * with a payload". Fastify's own JSON parser refuses an empty JSON body (400), so this one reads an
 * empty (or all-whitespace) body as no body at all, for every route: a call that takes no payload
 * (`POST /api/submit`, the `DELETE`s) accepts it, and a route that needs a body still refuses its
 * absence through its schema. Anything else goes through Fastify's parser unchanged (its
 * prototype-poisoning protection, and each route's body limit, which Fastify applies to every
 * parser). GET and HEAD bodies are never parsed. A body the parser refuses although it is valid
 * JSON carries a key that could poison prototypes: the refusal names it (issue 36).
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === "") return done(null, undefined);
    return parseJson(request, text, (error, parsed) => {
      if (!error) return done(null, parsed);
      const key = forbiddenKeyIn(text);
      done(key ? new HttpError(400, forbiddenKeyMessage(key)) : error, undefined);
    });
  });
});

/** The refusal of a body carrying `key` (`__proto__`, or `constructor` with a `prototype`). */
export function forbiddenKeyMessage(key: string): string {
  return `The request body was refused: the key "${key}" is not accepted.`;
}

/**
 * The key Fastify's parser refused in `text` (only called once it has): `__proto__` anywhere, or
 * `constructor` holding a `prototype`, as secure-json-parse looks for them; undefined when the text
 * is not JSON at all. JSON.parse makes such keys plain own properties, so reading them is safe.
 */
function forbiddenKeyIn(text: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== "object") continue;
    if (Object.hasOwn(node, "__proto__")) return "__proto__";
    const held = Object.hasOwn(node, "constructor") ? (node as Record<string, unknown>).constructor : null;
    if (held !== null && typeof held === "object" && Object.hasOwn(held, "prototype")) return "constructor";
    pending.push(...Object.values(node));
  }
  return undefined;
}
