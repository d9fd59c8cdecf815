import { apiRequest } from "../../../lib/api-client";
import type { DocumentAccepted } from "../../../shared/api-types";

/**
 * `POST /api/pdf/document-answer/{key}`: the uploaded file becomes question `key`'s document and its
 * conversion is queued (202). 404 means the store does not hold the file: upload it again.
 */
export function recordDocument(key: string, fileKey: string, fileName: string): Promise<DocumentAccepted> {
  return apiRequest<DocumentAccepted>("POST", `/api/pdf/document-answer/${encodeURIComponent(key)}`, {
    body: { file_key: fileKey, file_name: fileName },
  });
}
