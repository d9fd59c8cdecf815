import { apiRequest } from "../../../lib/api-client";
import type { MessageResponse } from "../../../shared/api-types";

/** `DELETE /api/pdf/document-answer/{key}`: removes the conversion (and its PDF) only (spec §8 reset). */
export function deleteConversion(key: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>("DELETE", `/api/pdf/document-answer/${encodeURIComponent(key)}`);
}
