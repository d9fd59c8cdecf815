import type { UploadTransport } from "../upload-worker";
import { deleteConversion } from "./delete-conversion";
import { deleteDocument } from "./delete-document";
import { presignUpload } from "./presign-upload";
import { recordDocument } from "./record-document";
import { storeUpload } from "./store-upload";

/** The document calls over HTTP, as the upload worker makes them. */
export const httpUploadTransport: UploadTransport = {
  presign: presignUpload,
  store: storeUpload,
  record: recordDocument,
  remove: deleteDocument,
  removeConversion: deleteConversion,
};
