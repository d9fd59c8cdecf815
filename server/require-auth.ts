import type { FastifyRequest } from "fastify";
import { UNAUTHORIZED_MESSAGE } from "../src/shared/messages";
import { HttpError } from "./http-error";
import type { SessionUser } from "./services/sessions";

/** The session user of an `/api/*` request (the sessions plugin has already refused anonymous ones). */
export function requireAuth(request: FastifyRequest): SessionUser {
  if (!request.auth) throw new HttpError(401, UNAUTHORIZED_MESSAGE);
  return request.auth;
}
