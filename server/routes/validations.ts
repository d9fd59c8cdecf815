import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireAuth } from "../require-auth";
import {
  hashCall,
  parseOptionalIdempotencyKey,
  runMaybeIdempotent,
  sendOutcome,
} from "../services/idempotency";
import { parseValidationReport, saveValidationReport } from "../services/validations";

export const validationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Body checked by parseValidationReport rather than a schema, so each error names the offending keys.
  app.post("/api/validations", async (request, reply) => {
    const { userId } = requireAuth(request);
    const key = parseOptionalIdempotencyKey(request.headers["idempotency-key"]);
    const report = parseValidationReport(request.body);
    const result = await runMaybeIdempotent(
      app.db,
      { userId, key, requestHash: hashCall("POST /api/validations", report) },
      async (tx) => {
        await saveValidationReport(tx, userId, report, app.clock());
        return { statusCode: 200, body: { message: "Your validation results have been saved." } };
      },
    );
    return sendOutcome(reply, result);
  });
};
