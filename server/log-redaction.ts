import type { FastifyRequest } from "fastify";

/**
 * Query parameters that carry secrets or personal data: the reset link's `id`, the temporary-answer
 * and service tokens, and a lookup's search `text` (an applicant's typed address).
 */
const SECRET_PARAMS = /([?&](?:id|token|service_token|text)=)[^&#]*/g;

/** The URL with the values of secret query parameters replaced, for logs. */
export function redactUrlSecrets(url: string): string {
  return url.replace(SECRET_PARAMS, "$1[redacted]");
}

/** Fastify's request log fields, with the URL's secrets redacted (a reset link must not land in logs). */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrlSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
