import { apiRequest } from "../../../lib/api-client";
import type { DocumentConversionState } from "../../../shared/api-types";

/** `GET /api/pdf/document-answer/{key}`: the conversion's status, and a short-lived link once COMPLETED. */
export function getConversion(key: string, signal?: AbortSignal): Promise<DocumentConversionState> {
  return apiRequest<DocumentConversionState>("GET", `/api/pdf/document-answer/${encodeURIComponent(key)}`, {
    signal,
  });
}
