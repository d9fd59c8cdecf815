import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { cookieName } from "../../src/shared/constants";
import {
  STAFF_API,
  STAFF_MESSAGES,
  STAFF_SESSION_COOKIE,
  STAFF_SIGN_IN_COOKIE,
} from "../../src/shared/staff";
import { HttpError } from "../http-error";
import { routingPath } from "../request-path";
import { findStaffSession, STAFF_SESSION_MAX_AGE_MS, type StaffUser } from "../services/staff-sessions";
import { SIGN_IN_LIFETIME_MS } from "../services/staff-sign-in";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in staff member of a `/staff/api/` call (decision 0022); never an applicant. */
    staff: StaffUser | null;
  }
}

/**
 * Staff sessions (decision 0022), read from their own cookie on `/staff/api/` calls only: an
 * applicant's session cookie opens nothing there, and a staff cookie nothing elsewhere. The
 * cookies follow the applicants' rules, stricter: HttpOnly, SameSite=Strict, `__Host-` and Secure
 * over HTTPS.
 */
export const staffSessionsPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("staff", null);
  // Synchronous for every other path (a callback, not a promise per request: issue 33).
  app.addHook("onRequest", (request, _reply, done) => {
    if (!routingPath(request.url).startsWith(`${STAFF_API}/`)) return done();
    const token = request.cookies[cookieName(STAFF_SESSION_COOKIE, isSecure(request))];
    if (!token) return done();
    findStaffSession(app.db, token, app.clock()).then((staff) => {
      request.staff = staff;
      done();
    }, done);
  });
});

/** The staff member of a call that needs one; 401 otherwise. */
export function requireStaff(request: FastifyRequest): StaffUser {
  if (!request.staff) throw new HttpError(401, STAFF_MESSAGES.signedOut);
  return request.staff;
}

const isSecure = (request: FastifyRequest) => request.protocol === "https";

function options(request: FastifyRequest, maxAgeMs: number) {
  return {
    path: "/",
    httpOnly: true,
    sameSite: "strict" as const,
    secure: isSecure(request),
    maxAge: Math.round(maxAgeMs / 1000),
  };
}

export function setStaffSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(
    cookieName(STAFF_SESSION_COOKIE, isSecure(request)),
    token,
    options(request, STAFF_SESSION_MAX_AGE_MS),
  );
}

export function clearStaffSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(cookieName(STAFF_SESSION_COOKIE, isSecure(request)), options(request, 0));
}

export function setSignInCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(
    cookieName(STAFF_SIGN_IN_COOKIE, isSecure(request)),
    token,
    options(request, SIGN_IN_LIFETIME_MS),
  );
}

export function signInTokenOf(request: FastifyRequest): string | undefined {
  return request.cookies[cookieName(STAFF_SIGN_IN_COOKIE, isSecure(request))];
}

export function clearSignInCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(cookieName(STAFF_SIGN_IN_COOKIE, isSecure(request)), options(request, 0));
}
