import type { FastifyReply } from "fastify";
import { HttpError } from "../http-error";
import {
  type ApplicationPdfServices,
  currentApplicationPdf,
  PDF_RETRY_AFTER_MS,
} from "../services/application-pdfs";
import { sendPdf } from "./files";

// An application's PDF for the office (decision 0022): the integration API and the staff review
// serve the applicant's own PDF (the same job and row, decision 0013) to their callers. While it
// is being made: 202 with Retry-After; a PDF that could not be made: 503, with when to try again.

export type OfficePdfServices = Omit<ApplicationPdfServices, "links">;

/** A print takes a second or two: ask again after this. */
const PENDING_RETRY_AFTER_S = 2;

export const PDF_PENDING_MESSAGE = "The application PDF is being made. Ask again after Retry-After seconds.";
export const PDF_FAILED_MESSAGE =
  "The application PDF could not be made just now. Ask again after Retry-After seconds.";
const PDF_TOO_MANY_MESSAGE =
  "Too many new PDFs of this application were asked for in a short time. Ask again after Retry-After seconds.";

/**
 * Answers with the PDF of `userId`'s application, or says it is being made. `waitMs`: how long to
 * wait for a PDF being made before saying so (a browser link opens the PDF itself; a program asks
 * again).
 */
export async function replyWithApplicationPdf(
  reply: FastifyReply,
  services: OfficePdfServices,
  userId: string,
  { waitMs = 0, pollMs = 250 }: { waitMs?: number; pollMs?: number } = {},
): Promise<FastifyReply> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const row = await currentApplicationPdf(services, userId).catch((error: unknown) => {
      // The applicant's own limit on new PDFs, in words for the office's caller.
      if (error instanceof HttpError && error.statusCode === 429) {
        throw new HttpError(429, PDF_TOO_MANY_MESSAGE, error.extra);
      }
      throw error;
    });
    if (row.status === "COMPLETED" && row.pdfKey) {
      const found = await services.store.readStream(row.pdfKey);
      if (!found) throw new Error("a COMPLETED application PDF is missing from the object store");
      return sendPdf(reply, found, row.fileName ?? "application.pdf");
    }
    if (row.status === "FAILED") {
      const retryMs = PDF_RETRY_AFTER_MS - (services.clock().getTime() - row.updatedAt.getTime());
      const seconds = Math.max(1, Math.ceil(retryMs / 1000));
      // Sent as it is: the error handler hides the message of every 5xx.
      return reply.status(503).header("Retry-After", String(seconds)).send({ message: PDF_FAILED_MESSAGE });
    }
    if (Date.now() >= deadline) {
      return reply
        .status(202)
        .header("Retry-After", String(PENDING_RETRY_AFTER_S))
        .send({
          message: PDF_PENDING_MESSAGE,
          status: row.status === "IN_PROGRESS" ? "IN_PROGRESS" : "UNPROCESSED",
        });
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
