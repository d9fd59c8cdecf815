import { apiRequest } from "../../../lib/api-client";
import type { ApplicationPdfState } from "../../../shared/api-types";
import { APPLICATION_PDF_API_PATH } from "../../../shared/application-pdf";

/**
 * Spec §7 `GET /api/pdf`: starts the PDF of the signed-in applicant's application when none is
 * current, else reports it (decision 0013). Through the one API client, so failures arrive as
 * ApiError with the spec's messages.
 */
export function getApplicationPdf(signal?: AbortSignal): Promise<ApplicationPdfState> {
  return apiRequest<ApplicationPdfState>("GET", APPLICATION_PDF_API_PATH, { signal });
}
