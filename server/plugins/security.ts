import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { CLIENT_HEADER } from "../../src/shared/constants";
import { HttpError } from "../http-error";
import { routingPath } from "../request-path";
import { type HeaderList, isNoStoreUrl } from "../security-headers";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const CLIENT_HEADER_NAME = CLIENT_HEADER.toLowerCase();
const CSRF_MESSAGE = "This request was refused because it did not come from the application.";

/**
 * Strict headers on every response, `Cache-Control: no-store` on personal ones, and the CSRF
 * defence: a state-changing call must carry our
 * client's custom header (which a cross-site form cannot set without a CORS preflight we never
 * grant) and must not be marked cross-site by the browser.
 */
export const securityPlugin = fp(async (app: FastifyInstance, options: { headers: HeaderList }) => {
  // The same headers on every response (security-headers.ts), set in the first hook, so that the
  // refusals of later hooks (401, 403) carry them too. (@fastify/helmet made the middleware and
  // parsed the policy per request; running the middleware per request still cost more than setting
  // its fixed headers: issue 15.)
  const securityHeaders = options.headers;
  // Synchronous hooks (a callback, not a promise per request), one path computation each.
  app.addHook("onRequest", (request, reply, done) => {
    for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
    done(csrfRefusal(request));
  });

  // onSend runs for every answer: handlers', errors (also those of onRequest hooks) and 404s.
  app.addHook("onSend", (request, reply, payload, done) => {
    if (isNoStoreUrl(request.url)) reply.header("Cache-Control", "no-store");
    done(null, payload);
  });
});

/** The refusal of a write that may not come from our client, or undefined when it passes. */
function csrfRefusal(request: FastifyRequest): HttpError | undefined {
  if (!needsCsrfCheck(request)) return undefined;
  if (request.headers[CLIENT_HEADER_NAME] !== "1") return new HttpError(403, CSRF_MESSAGE);
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none")
    return new HttpError(403, CSRF_MESSAGE);
  const origin = request.headers.origin;
  if (origin !== undefined && !isSameOrigin(origin, request)) return new HttpError(403, CSRF_MESSAGE);
  return undefined;
}

function needsCsrfCheck(request: FastifyRequest): boolean {
  const path = routingPath(request.url);
  // The staff review's calls too (decision 0022); the integration API takes no cookie, only a
  // bearer key a cross-site form cannot send.
  if (!path.startsWith("/api/") && !path.startsWith("/public/") && !path.startsWith("/staff/api/")) {
    return false;
  }
  // GET /api/logout changes state, and GET /api/pdf may start a job (spec §7 fixes the methods),
  // so they are checked like writes.
  return !SAFE_METHODS.has(request.method) || path.startsWith("/api/logout") || path === "/api/pdf";
}

function isSameOrigin(origin: string, request: FastifyRequest): boolean {
  try {
    const from = new URL(origin);
    // Parse the Host header with the Origin's scheme, so a default port ("example.edu:443")
    // compares equal to its omission, as browsers write it in Origin.
    return new URL(`${from.protocol}//${request.host}`).host === from.host;
  } catch {
    return false;
  }
}
