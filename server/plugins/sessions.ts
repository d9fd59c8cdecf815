import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import {
  cookieName,
  LOGGED_IN_HINT_COOKIE,
  SESSION_COOKIE,
  SESSION_MAX_AGE_MS,
  SIGNUP_COOKIE,
} from "../../src/shared/constants";
import { UNAUTHORIZED_MESSAGE } from "../../src/shared/messages";
import { HttpError } from "../http-error";
import { routingPath } from "../request-path";
import { findActiveSession, type SessionUser } from "../services/sessions";

/** Where routes read request.auth: the API, and the applicant's own files (the application PDF). */
export const SESSION_PATH_PREFIXES = ["/api/", "/files/"] as const;

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, set for every request that carries a valid session cookie. */
    auth: SessionUser | null;
  }
  interface FastifyContextConfig {
    /**
     * The route checks the session itself, in its own statement (PUT /api/answer, issue 15): the
     * hook leaves `request.auth` null and the route answers a signed-out request with
     * `refuseSignedOut`.
     */
    checksSessionItself?: boolean;
  }
}

/**
 * Session cookies: the HttpOnly session token, and a readable hint cookie that only tells the
 * client "a session exists" (spec §6), so it can decide offline whether to ask for the profile.
 * Over HTTPS both are Secure and named with the `__Host-` prefix, and only the prefixed session
 * cookie is read: an unprefixed one could have been planted by a sibling subdomain. Every `/api/*`
 * call without a valid session is answered 401. `request.auth` is read from the cookie under
 * SESSION_PATH_PREFIXES only (null elsewhere, so a route elsewhere that requires a session refuses
 * everyone until its prefix is added).
 */
export const sessionsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(cookie);
  app.decorateRequest("auth", null);

  // Only where a route reads request.auth: a static file, the health check or a lookup costs no
  // session read (issue 15: one database round trip per file a signed-in browser fetched).
  app.addHook("onRequest", (request, reply, done) => {
    const path = routingPath(request.url);
    if (!SESSION_PATH_PREFIXES.some((prefix) => path.startsWith(prefix))) return done();
    if (request.routeOptions.config.checksSessionItself) return done();
    authenticate(request, reply, path).then(() => done(), done);
  });
  async function authenticate(request: FastifyRequest, reply: FastifyReply, path: string): Promise<void> {
    const token = sessionTokenOf(request);
    if (token) request.auth = await findActiveSession(app.statements, token, app.clock());
    if (request.auth || !path.startsWith("/api/")) return;
    refuseSignedOut(request, reply);
  }
});

/**
 * An `/api/*` call without an active session: 401, and a stale cookie dropped with it (it would
 * make the client believe it is signed in).
 */
export function refuseSignedOut(request: FastifyRequest, reply: FastifyReply): never {
  const names = cookieNames(request);
  const stale = [SESSION_COOKIE, LOGGED_IN_HINT_COOKIE, names.session, names.hint];
  if (stale.some((name) => request.cookies[name] !== undefined)) clearSessionCookies(request, reply);
  throw new HttpError(401, UNAUTHORIZED_MESSAGE);
}

const isSecure = (request: FastifyRequest) => request.protocol === "https";

/** The cookies' names for the request's scheme (`__Host-` prefixed over HTTPS). */
function cookieNames(request: FastifyRequest): { session: string; hint: string } {
  const secure = isSecure(request);
  return { session: cookieName(SESSION_COOKIE, secure), hint: cookieName(LOGGED_IN_HINT_COOKIE, secure) };
}

function cookieOptions(request: FastifyRequest, httpOnly: boolean) {
  return {
    // Path=/ and no Domain: what the __Host- prefix requires, and right for plain names too.
    path: "/",
    httpOnly,
    sameSite: "lax" as const,
    secure: isSecure(request),
    maxAge: SESSION_MAX_AGE_MS / 1000,
  };
}

/**
 * The session token the request carries, under the name read for its scheme (only the `__Host-`
 * prefixed one over HTTPS), as the session check reads it.
 */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  return request.cookies[cookieNames(request).session];
}

export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const names = cookieNames(request);
  reply.setCookie(names.session, token, cookieOptions(request, true));
  reply.setCookie(names.hint, "1", cookieOptions(request, false));
}

/**
 * Clears the cookies of the request's scheme; over HTTPS also the unprefixed ones, which a
 * deployment set before the prefix existed (their session is no longer read).
 */
export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  const names = cookieNames(request);
  reply.clearCookie(names.session, cookieOptions(request, true));
  reply.clearCookie(names.hint, cookieOptions(request, false));
  if (names.session !== SESSION_COOKIE) {
    reply.clearCookie(SESSION_COOKIE, cookieOptions(request, true));
    reply.clearCookie(LOGGED_IN_HINT_COOKIE, cookieOptions(request, false));
  }
}

/** A sign-up's browser claim lives as long as its confirmation code (24 hours). */
const SIGNUP_COOKIE_MAX_AGE_S = 24 * 60 * 60;

/**
 * The browser's claim on the sign-ups it made (server/services/signup-passwords.ts): HttpOnly,
 * SameSite=Strict, `__Host-` over HTTPS. Confirmation reads it to give the account this browser's
 * password.
 */
export function setSignupCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(cookieName(SIGNUP_COOKIE, isSecure(request)), token, {
    ...cookieOptions(request, true),
    sameSite: "strict",
    maxAge: SIGNUP_COOKIE_MAX_AGE_S,
  });
}

export function signupTokenOf(request: FastifyRequest): string | undefined {
  return request.cookies[cookieName(SIGNUP_COOKIE, isSecure(request))];
}

export function clearSignupCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(cookieName(SIGNUP_COOKIE, isSecure(request)), {
    ...cookieOptions(request, true),
    sameSite: "strict",
  });
}
