import { apiRequest } from "../../../lib/api-client";
import type { PresignedUpload } from "../../../shared/api-types";

/** `POST /api/presigned-url`: a signed upload for question `key`, valid 10 minutes (ask just before). */
export function presignUpload(key: string): Promise<PresignedUpload> {
  return apiRequest<PresignedUpload>("POST", "/api/presigned-url", { body: { answer_key: key } });
}
