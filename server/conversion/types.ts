// The contract between the document jobs (server/jobs) and the conversion engines
// (server/conversion): bytes an applicant uploaded in, a PDF the university can read out.

/** The file types an applicant may upload (spec §5), decided by content, never by name. */
export type UploadKind = "png" | "jpeg" | "pdf" | "docx";

/**
 * A file we will not convert, for what it is (wrong type by content, a zip bomb, an encrypted PDF,
 * an image too large…). `message` is shown to the applicant as is, so it says what to do.
 */
export class UploadRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UploadRefused";
  }
}

export type ConversionResult = {
  pdf: Uint8Array;
  kind: UploadKind;
  /** The engine that made the PDF (e.g. "libreoffice", "mammoth+chromium", "pdf-lib"), for logs and bench. */
  engine: string;
  /** True when a simplified path was used (DOCX without LibreOffice), logged as such. */
  simplified: boolean;
};

export interface DocumentConverter {
  /**
   * Checks `bytes` by content (type, structure, zip bombs and zip-slip names, encrypted or broken
   * PDFs, pixel limits), then converts to PDF. Throws `UploadRefused` for a file we will not
   * convert; any other error is ours (a hung or crashed engine) and may be retried.
   */
  convert(bytes: Uint8Array, fileName: string): Promise<ConversionResult>;
  /** Stops warm engines (LibreOffice, Chromium). */
  close(): Promise<void>;
}
