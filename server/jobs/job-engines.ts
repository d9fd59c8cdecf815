import type { FastifyBaseLogger } from "fastify";
import type { FormPage } from "../../src/form/catalogue-types";
import { type ApplicationPrinter, ChromiumApplicationPrinter } from "../application-pdf/application-printer";
import { printStylesheet } from "../application-pdf/print-stylesheet";
import { PdfPrinter } from "../browser/pdf-printer";
import { createDocumentConverter } from "../conversion/create-document-converter";
import type { DocumentConverter } from "../conversion/types";
import type { Database } from "../db/database";
import type { ObjectStore } from "../storage/object-store";
import type { JobQueue } from "./job-queue";
import { startApplicationPdfWorkers, startWorkers } from "./workers";

// What a process with job workers runs (the API process by default, `npm run worker` at scale):
// one warm Chromium, shared by the application PDF and the DOCX fallback, and the converter.

export type JobEngines = {
  /** Null when Chromium did not start: application PDFs then fail with a message. */
  printer: PdfPrinter | null;
  converter: DocumentConverter;
  close(): Promise<void>;
};

/** Starts Chromium, then the converter (LibreOffice, or the simplified path on this Chromium). */
export async function startJobEngines(log: FastifyBaseLogger): Promise<JobEngines> {
  const printer = await PdfPrinter.start(log).catch((error: unknown) => {
    log.error({ err: error }, "Chromium did not start: application PDFs cannot be made");
    return null;
  });
  if (printer) {
    log.info(
      { chromium: printer.chromium.executablePath, source: printer.chromium.source },
      "Chromium ready",
    );
  }
  const converter = await createDocumentConverter({ log, chromium: printer ? { printer } : undefined });
  return {
    printer,
    converter,
    async close() {
      await converter.close();
      await printer?.close();
    },
  };
}

/** Stands in when Chromium is missing, so PDF jobs end FAILED instead of waiting forever. */
const NO_PRINTER: ApplicationPrinter = {
  printApplication: () => Promise.reject(new Error("Chromium is not available in this process")),
};

export type JobWorkerSettings = {
  db: Database;
  store: ObjectStore;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** The catalogue the service view renders. */
  pages: readonly FormPage[];
  /** The built client, whose stylesheets the printed service view uses (decision 0013). */
  clientDir: string;
  /** Jobs of each kind at once in this process. */
  concurrency: number | undefined;
};

/** Starts the conversion and application PDF workers of this process on `engines`. */
export async function startJobWorkers(
  queue: JobQueue,
  engines: JobEngines,
  settings: JobWorkerSettings,
): Promise<void> {
  const { db, store, clock, log, concurrency } = settings;
  await startWorkers(queue, { db, store, converter: engines.converter, clock, log }, concurrency);
  const printer = engines.printer
    ? new ChromiumApplicationPrinter(engines.printer, await readStylesheetAtStart(settings.clientDir, log))
    : NO_PRINTER;
  await startApplicationPdfWorkers(
    queue,
    { db, store, printer, pages: settings.pages, clock, log },
    concurrency,
  );
  log.info({ clientDir: settings.clientDir }, "application PDF workers ready");
}

/** The print's stylesheets, read now: the first job does not wait for them, and a missing build is said at start. */
async function readStylesheetAtStart(
  clientDir: string,
  log: FastifyBaseLogger,
): Promise<() => Promise<string>> {
  const stylesheet = printStylesheet(clientDir);
  await stylesheet().catch((error: unknown) => {
    log.error({ err: error }, "application PDFs will fail until the client is built");
  });
  return stylesheet;
}
