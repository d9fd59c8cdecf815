import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { LOGGED_IN_HINT_COOKIE, SESSION_COOKIE, SESSION_MAX_AGE_MS } from "../../src/shared/constants";
import { UNAUTHORIZED_MESSAGE } from "../../src/shared/messages";
import { HttpError } from "../http-error";
import { routingPath } from "../request-path";
import { findActiveSession, type SessionUser } from "../services/sessions";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, set for every request that carries a valid session cookie. */
    auth: SessionUser | null;
  }
}

/**
 * Session cookies: the HttpOnly session token, and a readable hint cookie that only tells the
 * client "a session exists" (spec §6), so it can decide offline whether to ask for the profile.
 * Every `/api/*` call without a valid session is answered 401.
 */
export const sessionsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(cookie);
  app.decorateRequest("auth", null);

  app.addHook("onRequest", async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) request.auth = await findActiveSession(app.db, token, app.clock());
    if (request.auth || !routingPath(request.url).startsWith("/api/")) return;
    // A stale cookie would make the client believe it is signed in: drop it with the 401.
    if (token || request.cookies[LOGGED_IN_HINT_COOKIE]) clearSessionCookies(request, reply);
    throw new HttpError(401, UNAUTHORIZED_MESSAGE);
  });
});

function cookieOptions(request: FastifyRequest, httpOnly: boolean) {
  return {
    path: "/",
    httpOnly,
    sameSite: "lax" as const,
    secure: request.protocol === "https",
    maxAge: SESSION_MAX_AGE_MS / 1000,
  };
}

export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(request, true));
  reply.setCookie(LOGGED_IN_HINT_COOKIE, "1", cookieOptions(request, false));
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request, true));
  reply.clearCookie(LOGGED_IN_HINT_COOKIE, cookieOptions(request, false));
}
