import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ApplicationPdfState } from "../../src/shared/api-types";
import { APPLICATION_PDF_API_PATH, APPLICATION_PDF_PATH } from "../../src/shared/application-pdf";
import { HttpError } from "../http-error";
import { requireAuth } from "../require-auth";
import { applicantMailbox } from "../services/account-language";
import { type ApplicationPdfServices, requestApplicationPdf } from "../services/application-pdfs";
import { isApplicationPdfKeyFor } from "../storage/object-keys";
import { sendPdf } from "./files";

const LINK_EXPIRED_MESSAGE =
  "This link to your application PDF has expired. Please download it again from your application.";
const PDF_NOT_FOUND_MESSAGE = "This PDF is not available. Please download it again from your application.";

const pdfState = z.object({
  status: z.enum(["UNPROCESSED", "IN_PROGRESS", "COMPLETED", "FAILED"]),
  url: z.string().nullable(),
  message: z.string(),
});

/**
 * Spec §7 `GET /api/pdf` and the link it gives (decision 0013). The GET starts a job when the
 * application has changed, so it is CSRF-checked like a write (plugins/security.ts). The PDF itself
 * is served under `/files/` (never cached by the service worker) to the owner's session only.
 */
export const applicationPdfRoutes: FastifyPluginAsyncZod<{ services: ApplicationPdfServices }> = async (
  app,
  { services },
) => {
  app.get(APPLICATION_PDF_API_PATH, { schema: { response: { 200: pdfState } } }, async (request, reply) => {
    const { userId } = requireAuth(request);
    // Polled every second while the PDF is made; the link in it expires: never from a cache.
    reply.header("Cache-Control", "no-store");
    // The applicant's copy, in their account's language (issue 35).
    const { language } = (await applicantMailbox(app.db, userId)) ?? { language: "en" as const };
    const body: ApplicationPdfState = await requestApplicationPdf(services, userId, language);
    return body;
  });

  app.get(
    APPLICATION_PDF_PATH,
    { schema: { querystring: z.object({ token: z.string().max(2000) }) } },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store").header("Referrer-Policy", "no-referrer");
      const { userId } = requireAuth(request);
      const claim = services.links.verify(request.query.token);
      if (!claim) throw new HttpError(403, LINK_EXPIRED_MESSAGE);
      // Another applicant's link (or one naming anything but this applicant's PDF) finds nothing.
      if (claim.userId !== userId || !isApplicationPdfKeyFor(claim.key, userId)) {
        throw new HttpError(404, PDF_NOT_FOUND_MESSAGE);
      }
      const found = await services.store.readStream(claim.key);
      if (!found) throw new HttpError(404, PDF_NOT_FOUND_MESSAGE);
      return sendPdf(reply, found, claim.name);
    },
  );
};
