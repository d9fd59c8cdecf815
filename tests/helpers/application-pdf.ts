import type { LightMyRequestResponse } from "fastify";
import { PDFDocument, PDFHexString, PDFName, type PDFRef, StandardFonts } from "pdf-lib";
import type { ApplicationPrinter } from "../../server/application-pdf/application-printer";
import type { Divider } from "../../server/application-pdf/divider-pages";
import type { FormPage, Section } from "../../src/form/catalogue-types";
import { formPages } from "../../src/form/pages/form-pages";
import type { ApplicationPdfState, ServiceResponse } from "../../src/shared/api-types";
import { APPLICATION_PDF_API_PATH, PENDING_PDF_STATUSES } from "../../src/shared/application-pdf";
import { convertsToTinyPdf, TRANSCRIPT } from "./documents";
import { clientHeaders, createTestApp, type TestApp, type TestAppOptions } from "./test-app";
import { STATE_WAIT_MS } from "./test-budgets";

// Application PDF tests: the real catalogue (its Final Steps asks for a résumé) with a tabbed
// transcript added, the call as the client makes it, and a stand-in for Chromium where a test is
// about what the job does with each outcome.

export const TRANSCRIPT_TAB = "transcript_tab";

/**
 * A transcript in a tabbed choice ("Upload a transcript" or "Send it later"), after the real
 * catalogue's résumé (`resume_file`, tests' `RESUME`), so the two documents come in that order.
 */
const documentsSection: Section = {
  id: "documents",
  title: "Documents",
  questions: [],
  tabs: {
    tabId: TRANSCRIPT_TAB,
    defaultTab: "upload",
    tabs: [
      {
        id: "upload",
        label: "Upload a transcript",
        questions: [{ key: TRANSCRIPT, kind: "file", label: "Unofficial transcript" }],
      },
      { id: "later", label: "Send it later", questions: [] },
    ],
  },
};

/** The real pages, with the transcript's section at the end of Final Steps. */
export const PDF_CATALOGUE: readonly FormPage[] = formPages.map((page) =>
  page.id === "final-steps" ? { ...page, sections: [...page.sections, documentsSection] } : page,
);

export function getPdf(
  test: TestApp,
  cookie: string,
  headers: Record<string, string> = clientHeaders(cookie),
) {
  return test.app.inject({ method: "GET", url: APPLICATION_PDF_API_PATH, headers });
}

export async function pdfState(test: TestApp, cookie: string): Promise<ApplicationPdfState> {
  const response = await getPdf(test, cookie);
  if (response.statusCode !== 200)
    throw new Error(`GET /api/pdf answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

const isPending = (state: ApplicationPdfState) =>
  (PENDING_PDF_STATUSES as readonly string[]).includes(state.status);

/** Polls as the client does until the PDF is made or has failed (or the time runs out). */
export async function settledPdf(
  test: TestApp,
  cookie: string,
  timeoutMs = STATE_WAIT_MS,
): Promise<ApplicationPdfState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await pdfState(test, cookie);
    if (!isPending(state)) return state;
    if (Date.now() > deadline)
      throw new Error(`the application PDF is still ${state.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until GET /api/pdf reports `status` (e.g. IN_PROGRESS while a print is held). */
export async function pdfReaches(
  test: TestApp,
  cookie: string,
  status: ApplicationPdfState["status"],
  timeoutMs = STATE_WAIT_MS,
): Promise<ApplicationPdfState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await pdfState(test, cookie);
    if (state.status === status) return state;
    if (Date.now() > deadline) throw new Error(`the application PDF is ${state.status}, not ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Fetches a PDF link as the browser does (with the session cookie). */
export function fetchPdf(test: TestApp, url: string, cookie?: string): Promise<LightMyRequestResponse> {
  return test.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
}

/**
 * A PDF with one page per text (Helvetica: the stand-in's titles are WinAnsi), and an outline with
 * a top-level entry for each page, as Chromium's outline has for each step and divider heading.
 */
export async function pagesOfText(
  texts: readonly string[],
  blankAfter: readonly number[] = [],
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pages = texts.map((text, index) => {
    const page = doc.addPage([612, 792]);
    page.drawText(text, { x: 72, y: 700, size: 12, font });
    // The empty pages a divider keeps for its document (as the real print does), not in the outline.
    for (let blank = 0; blank < (blankAfter[index] ?? 0); blank++) doc.addPage([612, 792]);
    return page;
  });
  const rootRef = doc.context.nextRef();
  const itemRefs = pages.map(() => doc.context.nextRef());
  pages.forEach((page, index) => {
    const item = doc.context.obj({
      Title: PDFHexString.fromText(texts[index] ?? ""),
      Parent: rootRef,
      Dest: [page.ref, "XYZ", 0, 792, 0],
      ...(index > 0 ? { Prev: itemRefs[index - 1] } : {}),
      ...(index < pages.length - 1 ? { Next: itemRefs[index + 1] } : {}),
    });
    doc.context.assign(itemRefs[index] as PDFRef, item);
  });
  doc.context.assign(
    rootRef,
    doc.context.obj({ Type: "Outlines", First: itemRefs[0], Last: itemRefs.at(-1), Count: pages.length }),
  );
  doc.catalog.set(PDFName.of("Outlines"), rootRef);
  return doc.save();
}

/**
 * A test server for the application PDF's job: the PDF catalogue, documents converted to a tiny
 * PDF, and `printer` (a stand-in) printing, a failed print not tried again.
 */
export function pdfTestApp(printer: ApplicationPrinter, options: TestAppOptions = {}) {
  return createTestApp({
    ...options,
    catalogue: PDF_CATALOGUE,
    conversions: { converter: convertsToTinyPdf() },
    applicationPdfs: { printer, policy: { retryLimit: 0 } },
  });
}

export type StandInPrinter = ApplicationPrinter & {
  /** The application each print was given, as the job read it. */
  prints: ServiceResponse[];
  /** The divider pages each print was asked to add. */
  dividers: Divider[][];
  /** The language each print was written in (issue 35: the applicant's, or the office's English). */
  languages: string[];
  /** Holds every print until the returned function is called. */
  hold(): () => void;
  /** Makes every print fail (a crashed Chromium) until set back. */
  failing: boolean;
  /** Prints stopped by their signal (a superseded render), as Chromium's page would be closed. */
  cancelled: number;
};

/**
 * Stands in for Chromium: keeps the application and dividers it is given and prints a page naming
 * the applicant, then the divider pages, each with its outline entry.
 */
export function standInPrinter(): StandInPrinter {
  let gate: Promise<void> | null = null;
  const printer: StandInPrinter = {
    prints: [],
    dividers: [],
    languages: [],
    failing: false,
    cancelled: 0,
    hold() {
      let release = () => {};
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        gate = null;
        release();
      };
    },
    async printApplication({ application, dividers, words }, signal) {
      printer.prints.push(application);
      printer.dividers.push([...dividers]);
      printer.languages.push(words?.language ?? "en");
      if (gate || signal?.aborted) {
        const stopped = new Promise<never>((_, reject) => {
          const stop = () => {
            printer.cancelled++;
            reject(signal?.reason);
          };
          if (signal?.aborted) stop();
          else signal?.addEventListener("abort", stop, { once: true });
        });
        stopped.catch(() => undefined); // a print released first is not stopped later
        await Promise.race([gate, stopped]);
      }
      if (printer.failing) throw new Error("Chromium crashed (stand-in)");
      return pagesOfText(
        [
          `Application of ${application.answer.first_name ?? "nobody"}`,
          ...dividers.map((divider) => divider.title),
        ],
        [0, ...dividers.map((divider) => divider.pages)],
      );
    },
  };
  return printer;
}
