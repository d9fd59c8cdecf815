import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FormPage } from "../../src/form/catalogue-types";
import type { SubmissionReceipt } from "../../src/shared/api-types";
import { requireAuth } from "../require-auth";
import { loadApplicationRecord } from "../services/application-record";

export const RECEIPT_PATH = "/api/receipt";

/**
 * `GET /api/receipt` (issue 32): the applicant's own view of what the office has received, as the
 * office's staff and systems read it (services/application-record.ts): the submission's time and
 * each document with its conversion's state. /completion shows it and keeps it for offline.
 */
export const receiptRoutes: FastifyPluginAsyncZod<{ pages: readonly FormPage[] }> = async (
  app,
  { pages },
) => {
  app.get(RECEIPT_PATH, async (request) => {
    const { userId } = requireAuth(request);
    const record = await loadApplicationRecord(app.db, userId, pages);
    const receipt: SubmissionReceipt = {
      submitted_at: record?.summary.submitted_at ?? null,
      documents: record?.documents ?? [],
    };
    return receipt;
  });
};
