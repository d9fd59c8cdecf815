import { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { FormPage } from "../../src/form/catalogue-types";
import { STAFF_API, STAFF_CALLS, STAFF_MESSAGES, type StaffListResponse } from "../../src/shared/staff";
import { HttpError } from "../http-error";
import { requireStaff } from "../plugins/staff-sessions";
import {
  applicationExists,
  BadCursor,
  countApplications,
  type ListFilter,
  listApplications,
} from "../services/application-list";
import { loadApplicationRecord } from "../services/application-record";
import { applicationsCsv } from "../services/applications-csv";
import { recordAudit } from "../services/audit-log";
import { WEB_STATUSES } from "../services/web-status";
import { type OfficePdfServices, replyWithApplicationPdf } from "./office-pdf";

// The staff review's reads (decision 0022): the list with counts by status, one application (what
// the read-only rendering shows), its PDF, and the CSV export of the filtered list. Staff read;
// nothing here changes an application. Every read is in the audit log before it is answered.

const PAGE_SIZE = 50;
/** A browser's link opens the PDF itself: wait for a print this long before saying it is being made. */
const PDF_WAIT_MS = 20_000;

const filterQuery = z.object({
  q: z.string().max(200).optional(),
  status: z.enum(WEB_STATUSES).optional(),
  converting: z.enum(["true", "false"]).optional(),
});
const listQuery = filterQuery.extend({ cursor: z.string().max(200).optional() });
const idParams = z.object({ id: z.string().max(100) });

const filterOf = (query: z.infer<typeof filterQuery>): ListFilter => ({
  search: query.q,
  status: query.status,
  converting: query.converting === "true",
});

export const staffReviewRoutes: FastifyPluginAsyncZod<{
  pages: readonly FormPage[];
  pdf: OfficePdfServices;
}> = async (app, { pages, pdf }) => {
  const audit = (staffId: string, action: string, applicationIds: readonly (string | null)[]) =>
    recordAudit(
      app.db,
      { staffId },
      applicationIds.map((applicationId) => ({ action: `staff: ${action}`, applicationId })),
      app.clock(),
    );
  const unknown = () => new HttpError(404, STAFF_MESSAGES.unknownApplication);

  app.get(STAFF_CALLS.applications, { schema: { querystring: listQuery } }, async (request) => {
    const { staffId } = requireStaff(request);
    const filter = filterOf(request.query);
    try {
      const [page, counts] = await Promise.all([
        listApplications(app.db, filter, {
          cursor: request.query.cursor,
          limit: PAGE_SIZE,
          order: "newest-first",
        }),
        countApplications(app.db, filter),
      ]);
      await audit(staffId, "list", [null]);
      const body: StaffListResponse = { counts, ...page };
      return body;
    } catch (error) {
      if (error instanceof BadCursor) throw new HttpError(400, error.message);
      throw error;
    }
  });

  app.get(`${STAFF_API}/applications/:id`, { schema: { params: idParams } }, async (request) => {
    const { staffId } = requireStaff(request);
    const record = await loadApplicationRecord(app.db, request.params.id, pages);
    if (!record) throw unknown();
    await audit(staffId, "view", [record.summary.id]);
    return { ...record.summary, application: record.application, documents: record.documents };
  });

  app.get(`${STAFF_API}/applications/:id/pdf`, { schema: { params: idParams } }, async (request, reply) => {
    const { staffId } = requireStaff(request);
    if (!(await applicationExists(app.db, request.params.id))) throw unknown();
    await audit(staffId, "pdf", [request.params.id]);
    return replyWithApplicationPdf(reply, pdf, request.params.id, { waitMs: PDF_WAIT_MS });
  });

  app.get(STAFF_CALLS.export, { schema: { querystring: filterQuery } }, async (request, reply) => {
    const { staffId } = requireStaff(request);
    const csv = applicationsCsv(app.db, pages, filterOf(request.query), (exported) =>
      audit(
        staffId,
        "export",
        exported.map((application) => application.id),
      ),
    );
    const day = app.clock().toISOString().slice(0, 10);
    return reply
      .header("Content-Type", "text/csv; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="applications-${day}.csv"`)
      .send(Readable.from(csv));
  });
};
