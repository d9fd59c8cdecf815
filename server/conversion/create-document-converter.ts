// The converter the document jobs use: every upload is checked by content (inspect-upload and each
// kind's reader) before any engine sees it, then converted by the engine for its kind.
import { readDocx } from "./docx/read-docx";
import { sanitiseDocx } from "./docx/sanitise-docx";
import { checkImageSize, imageToPdf, MAX_IMAGE_PIXELS } from "./images/image-to-pdf";
import { inspectUpload } from "./inspect-upload";
import { MAX_PDF_PAGES, normalisePdf } from "./pdf/normalise-pdf";
import { MAX_UPLOAD_BYTES } from "./refusals";
import type { ConversionResult, DocumentConverter } from "./types";

type LogFn = (details: Record<string, unknown>, message: string) => void;
/** What the converter logs through (pino's and Fastify's loggers fit). */
export type ConversionLog = { info: LogFn; warn: LogFn; error: LogFn };

/** Turns a sanitised .docx into a PDF. */
export type DocxEngine = {
  name: string;
  simplified: boolean;
  convert(docx: Uint8Array): Promise<Uint8Array>;
  close(): Promise<void>;
};

export type ConversionLimits = {
  maxBytes: number;
  maxImagePixels: number;
  maxPdfPages: number;
};

export type DocumentConverterOptions = {
  log: ConversionLog;
  /** Warm LibreOffice instances for Word documents; `false` never uses LibreOffice. */
  libreOffice?: { instances?: number; timeoutMs?: number } | false;
  /** Chromium for the simplified Word path; `false` never uses Chromium. */
  chromium?: { executablePath?: string } | false;
  limits?: Partial<ConversionLimits>;
};

export async function createDocumentConverter(options: DocumentConverterOptions): Promise<DocumentConverter> {
  const limits: ConversionLimits = {
    maxBytes: MAX_UPLOAD_BYTES,
    maxImagePixels: MAX_IMAGE_PIXELS,
    maxPdfPages: MAX_PDF_PAGES,
    ...options.limits,
  };
  const docx: DocxEngine | undefined = undefined;
  options.log.warn({}, "no DOCX engine: Word documents cannot be converted");

  return {
    async convert(bytes, fileName): Promise<ConversionResult> {
      const kind = inspectUpload(bytes, fileName, limits.maxBytes);
      switch (kind) {
        case "png":
        case "jpeg":
          checkImageSize(kind, bytes, limits.maxImagePixels);
          return { pdf: await imageToPdf(kind, bytes), kind, engine: "pdf-lib", simplified: false };
        case "pdf":
          return {
            pdf: await normalisePdf(bytes, limits.maxPdfPages),
            kind,
            engine: "pdf-lib",
            simplified: false,
          };
        case "docx": {
          const sanitised = sanitiseDocx(readDocx(bytes));
          if (!docx) throw new Error("No engine converts Word documents on this server");
          const engine: DocxEngine = docx;
          return {
            pdf: await engine.convert(sanitised),
            kind,
            engine: engine.name,
            simplified: engine.simplified,
          };
        }
      }
    },
    async close() {},
  };
}
