import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { GENERIC_ERROR_MESSAGE } from "../../src/shared/messages";
import { HttpError } from "../http-error";
import { redactUrlSecrets } from "../log-redaction";
import { isStorageFull } from "../storage/disk-space";
import { refuseForStorage } from "./disk-guard";

/**
 * One error handler for the whole API: every failure becomes `{ message }` (spec §8). Client
 * errors say what was wrong; server errors are logged with their context and hidden.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? "request";
      const details = error.validation
        .map((issue) => {
          const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
          return field ? `${field}: ${issue.message}` : issue.message;
        })
        .join("; ");
      return reply.status(400).send({ message: `Invalid ${where}: ${details}` });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      request.log.info({ status, reason: error.message }, "request refused");
      const extra = error instanceof HttpError ? error.extra : {};
      if (extra.headers) reply.headers(extra.headers);
      return reply.status(status).send({ message: error.message, ...extra.body });
    }
    // A write that met a full disk (one the disk guard did not see coming): the same 507.
    if (isStorageFull(error)) {
      request.log.warn(
        { err: error, url: redactUrlSecrets(request.url) },
        "request failed: the disk is full",
      );
      return refuseForStorage(reply);
    }
    request.log.error(
      { err: error, url: redactUrlSecrets(request.url), method: request.method },
      "request failed",
    );
    return reply.status(status).send({ message: GENERIC_ERROR_MESSAGE });
  });
});
