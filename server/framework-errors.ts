import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { GENERIC_ERROR_MESSAGE } from "../src/shared/messages";
import { type HeaderList, isNoStoreUrl } from "./security-headers";

// Refusals made before a request reaches our hooks (issue 36, point 7): Fastify's router refuses a
// malformed URL (400) or a path parameter past its length (414), Node's HTTP parser refuses a
// request it cannot read (400), headers too large (431) and a request not received in time (408),
// and Node's server an `Expect` other than 100-continue (417).
// Fastify answered these itself, echoing the path and without our headers. Here each carries the
// security headers (and no-store), answers `{ message }` in our words, and echoes nothing.

/** Our words for each refusal (none repeats what was sent). */
export const FRAMEWORK_MESSAGES = {
  badUrl: "The address of this request is not valid.",
  tooLong: "The address of this request is too long.",
  badRequest: "The request could not be read.",
  headersTooLarge: "The request's headers are too large.",
  timeout: "The request took too long to arrive. Please try again.",
  expectation: "The request's Expect header cannot be met.",
} as const;

/** Fastify's `frameworkErrors`: the router's refusals, before any hook has run. */
export function frameworkErrorAnswer(headers: HeaderList) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const [status, message] =
      error.code === "FST_ERR_BAD_URL"
        ? [400, FRAMEWORK_MESSAGES.badUrl]
        : error.code === "FST_ERR_MAX_PARAM_LENGTH"
          ? [414, FRAMEWORK_MESSAGES.tooLong]
          : [500, GENERIC_ERROR_MESSAGE];
    request.log.info({ status, code: error.code }, "request refused by the router");
    for (const [name, value] of headers) reply.header(name, value);
    if (isNoStoreUrl(request.url)) reply.header("Cache-Control", "no-store");
    return reply.status(status).send({ message });
  };
}

type ClientError = Error & { code?: string };

/**
 * Fastify's `clientErrorHandler` (Node's `clientError`): writes the refusal on the socket itself,
 * as Node would, when no answer to the request has begun, then closes the connection. A connection
 * reset needs no answer.
 */
export function clientErrorAnswer(headers: HeaderList) {
  return function answer(this: FastifyInstance, error: ClientError, socket: Socket): void {
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const [status, reason, message] =
      error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "Request Timeout", FRAMEWORK_MESSAGES.timeout]
        : error.code === "HPE_HEADER_OVERFLOW"
          ? [431, "Request Header Fields Too Large", FRAMEWORK_MESSAGES.headersTooLarge]
          : [400, "Bad Request", FRAMEWORK_MESSAGES.badRequest];
    this.log.info({ status, code: error.code }, "request refused by the HTTP parser");
    const answered = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !answered?.headersSent) {
      const body = JSON.stringify({ message });
      const lines = [
        `HTTP/1.1 ${status} ${reason}`,
        ...headers.map(([name, value]) => `${name}: ${value}`),
        "Cache-Control: no-store",
        "Content-Type: application/json; charset=utf-8",
        `Content-Length: ${Buffer.byteLength(body)}`,
        "Connection: close",
      ];
      socket.write(`${lines.join("\r\n")}\r\n\r\n${body}`);
    }
    socket.destroy(error);
  };
}

/**
 * Node's `checkExpectation` (an `Expect` header other than `100-continue`), which Node otherwise
 * answers 417 itself with none of our headers.
 */
export function expectationAnswer(headers: HeaderList) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    const body = JSON.stringify({ message: FRAMEWORK_MESSAGES.expectation });
    for (const [name, value] of headers) response.setHeader(name, value);
    if (request.url && isNoStoreUrl(request.url)) response.setHeader("Cache-Control", "no-store");
    response.writeHead(417, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": Buffer.byteLength(body),
      Connection: "close",
    });
    response.end(body);
  };
}
