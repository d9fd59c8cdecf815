import { apiRequest } from "../../../lib/api-client";
import type { MessageResponse } from "../../../shared/api-types";

/** `DELETE /api/document-answer/{key}`: removes the document, its upload, conversion and PDF. */
export function deleteDocument(key: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>("DELETE", `/api/document-answer/${encodeURIComponent(key)}`);
}
