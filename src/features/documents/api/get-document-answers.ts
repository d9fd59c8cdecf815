import { apiRequest } from "../../../lib/api-client";
import type { DocumentAnswers } from "../../../shared/api-types";

/** `GET /api/document-answer`: the documents the server holds, by question (spec §7). */
export function getDocumentAnswers(): Promise<DocumentAnswers> {
  return apiRequest<DocumentAnswers>("GET", "/api/document-answer");
}
