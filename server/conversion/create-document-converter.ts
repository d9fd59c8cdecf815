// The converter the document jobs use: every upload is checked by content (inspect-upload and each
// kind's reader) before any engine sees it, then converted by the engine for its kind.
import { PdfPrinter } from "../browser/pdf-printer";
import { docxToHtml } from "./docx/docx-to-html";
import { readDocx } from "./docx/read-docx";
import { sanitiseDocx } from "./docx/sanitise-docx";
import { checkImageSize, imageToPdf, MAX_IMAGE_PIXELS } from "./images/image-to-pdf";
import { inspectUpload } from "./inspect-upload";
import { findLibreOffice, type LibreOfficeInstallation } from "./libreoffice/find-libreoffice";
import { LibreOfficePool, type LibreOfficePoolOptions } from "./libreoffice/libreoffice-pool";
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
  /**
   * Warm LibreOffice instances for Word documents (found on PATH, or at `sofficePath` /
   * LIBREOFFICE_PATH); `false` never uses LibreOffice.
   */
  libreOffice?: (LibreOfficePoolOptions & { sofficePath?: string; pythonPath?: string }) | false;
  /**
   * Chromium for the simplified Word path (used only without LibreOffice): a shared `printer` (one
   * browser per process), or an executable; `false` never uses Chromium.
   */
  chromium?: { printer?: PdfPrinter; executablePath?: string } | false;
  limits?: Partial<ConversionLimits>;
};

export async function createDocumentConverter(options: DocumentConverterOptions): Promise<DocumentConverter> {
  const limits: ConversionLimits = {
    maxBytes: MAX_UPLOAD_BYTES,
    maxImagePixels: MAX_IMAGE_PIXELS,
    maxPdfPages: MAX_PDF_PAGES,
    ...options.limits,
  };
  const docx = await startDocxEngine(options);
  options.log.info(
    {
      png: "pdf-lib",
      jpeg: "pdf-lib",
      pdf: "pdf-lib",
      docx: docx?.name ?? "none",
      docxSimplified: docx?.simplified,
    },
    "document conversion engines ready",
  );

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
          const pdf = await engine.convert(sanitised);
          if (engine.simplified) {
            options.log.info(
              { engine: engine.name, simplified: true },
              "DOCX converted through the simplified HTML rendering",
            );
          }
          return {
            pdf,
            kind,
            engine: engine.name,
            simplified: engine.simplified,
          };
        }
      }
    },
    async close() {
      await docx?.close();
    },
  };
}

/**
 * LibreOffice when it is installed and starts; otherwise mammoth + Chromium (simplified); otherwise
 * nothing (Word documents then fail as our error, not the applicant's).
 */
async function startDocxEngine(options: DocumentConverterOptions): Promise<DocxEngine | undefined> {
  const { log } = options;
  let missing = "LibreOffice disabled";
  let hint = "enable LibreOffice";
  if (options.libreOffice !== false) {
    const found = await findLibreOffice(options.libreOffice ?? {});
    if ("missing" in found) {
      ({ missing, hint } = found);
    } else {
      const pool = await LibreOfficePool.start(found, log, options.libreOffice ?? {}).catch(
        (error: unknown) => {
          log.error({ err: error }, "LibreOffice is installed but did not start");
          return undefined;
        },
      );
      if (pool) return libreOfficeEngine(pool, found, log);
      missing = "LibreOffice did not start";
      hint = "see the error above";
    }
  }
  if (options.chromium === false) {
    log.error({}, `${missing} and Chromium is disabled: DOCX cannot be converted (${hint})`);
    return undefined;
  }
  try {
    const shared = options.chromium?.printer;
    const printer =
      shared ?? (await PdfPrinter.start(log, { executablePath: options.chromium?.executablePath }));
    log.warn(
      { chromium: printer.chromium.executablePath, source: printer.chromium.source },
      `${missing}: DOCX will be converted through a simplified HTML rendering (${hint})`,
    );
    return {
      name: "mammoth+chromium",
      simplified: true,
      convert: async (docx) =>
        printer.printHtml(await docxToHtml(docx), { format: "Letter", margin: ONE_INCH }),
      close: async () => {
        if (!shared) await printer.close();
      },
    };
  } catch (error) {
    log.error({ err: error }, `${missing} and Chromium did not start: DOCX cannot be converted (${hint})`);
    return undefined;
  }
}

/** Word's default margins. */
const ONE_INCH = { top: "1in", right: "1in", bottom: "1in", left: "1in" };

function libreOfficeEngine(
  pool: LibreOfficePool,
  found: LibreOfficeInstallation,
  log: ConversionLog,
): DocxEngine {
  log.info(
    { soffice: found.soffice, python: found.python, instances: pool.size },
    "DOCX is converted by LibreOffice (warm instances over UNO)",
  );
  return {
    name: "libreoffice",
    simplified: false,
    convert: (docx) => pool.convert(docx),
    close: () => pool.close(),
  };
}
