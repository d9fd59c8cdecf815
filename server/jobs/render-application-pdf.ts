import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { partner } from "../../src/config/partner";
import type { ServiceWords } from "../../src/features/service-view/service-words";
import type { FormPage } from "../../src/form/catalogue-types";
import { isLanguage } from "../../src/i18n/language";
import { APPLICATION_PDF_FAILED_MESSAGE } from "../../src/shared/application-pdf";
import type { ApplicationPrinter } from "../application-pdf/application-printer";
import { assembleApplicationPdf, pageCounts } from "../application-pdf/assemble-application-pdf";
import { attachmentsOf, attachmentTitle } from "../application-pdf/attachments";
import { pdfLanguage } from "../application-pdf/pdf-language";
import { stretchedForLoad } from "../busy-machine";
import type { Database } from "../db/database";
import { applicationPdfs } from "../db/schema";
import { loadServiceApplication } from "../services/service-view";
import { newApplicationPdfKey } from "../storage/object-keys";
import type { ObjectStore } from "../storage/object-store";
import type { RenderApplicationPdfPayload } from "./job-queue";

// The `render-application-pdf` job (decision 0013): one `application_pdfs` row → one PDF. It reads
// the application as the service view does, prints the service view rendered here in the warm
// Chromium with a divider page per converted document, puts each document after its divider,
// stores the result and marks the row COMPLETED. Its state is the row's status, never memory, so
// any process with workers runs it. UNPROCESSED → IN_PROGRESS → COMPLETED | FAILED.

export type ApplicationPdfDependencies = {
  db: Database;
  store: ObjectStore;
  printer: ApplicationPrinter;
  /** The catalogue the service view renders (its file questions name the attached documents). */
  pages: readonly FormPage[];
  clock: () => Date;
  log: FastifyBaseLogger;
  /** Our own limit on one run (print, documents, assembly, storing), stretched on a busy machine. */
  timeoutMs: number;
};

export type ApplicationPdfRun = {
  payload: RenderApplicationPdfPayload;
  attempt: number;
  lastAttempt: boolean;
};

type Claimed = { userId: string; language: string };

class RenderTimedOut extends Error {}

/** The render's row was replaced (a newer version asked for) or ended meanwhile: nobody waits for it. */
class RenderSuperseded extends Error {}

/** How often a running render checks that its row is still the one to finish. */
export const SUPERSEDED_CHECK_MS = 500;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RenderTimedOut(`the application PDF took longer than ${ms} ms`)), ms);
  });
  work.catch(() => {});
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Marks the row IN_PROGRESS and counts the run; null when it was replaced or already ended. */
async function claim(db: Database, pdfId: string, now: Date): Promise<Claimed | null> {
  const [row] = await db
    .update(applicationPdfs)
    .set({ status: "IN_PROGRESS", attempts: sql`${applicationPdfs.attempts} + 1`, updatedAt: now })
    .where(
      and(eq(applicationPdfs.id, pdfId), inArray(applicationPdfs.status, ["UNPROCESSED", "IN_PROGRESS"])),
    )
    .returning({ userId: applicationPdfs.userId, language: applicationPdfs.language });
  return row ?? null;
}

/**
 * Aborts `controller` once the row is no longer this run's to finish: replaced by a newer version's
 * (GET /api/pdf deletes it) or ended. Until stopped (the returned function), one indexed read every
 * SUPERSEDED_CHECK_MS; a failed read is not a reason to stop.
 */
function watchRow(db: Database, pdfId: string, controller: AbortController): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const check = async () => {
    const rows = await db
      .select({ status: applicationPdfs.status })
      .from(applicationPdfs)
      .where(eq(applicationPdfs.id, pdfId))
      .catch(() => null);
    if (stopped) return;
    if (rows && rows[0]?.status !== "IN_PROGRESS") {
      controller.abort(new RenderSuperseded("the application PDF was superseded while it was made"));
      return;
    }
    timer = setTimeout(check, SUPERSEDED_CHECK_MS);
  };
  timer = setTimeout(check, SUPERSEDED_CHECK_MS);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** Ends the row if it is still this job's and still running; answers whether it did. */
async function finish(
  db: Database,
  pdfId: string,
  change: Partial<typeof applicationPdfs.$inferInsert>,
): Promise<boolean> {
  const ended = await db
    .update(applicationPdfs)
    .set(change)
    .where(and(eq(applicationPdfs.id, pdfId), eq(applicationPdfs.status, "IN_PROGRESS")))
    .returning({ id: applicationPdfs.id });
  return ended.length > 0;
}

async function fail(deps: ApplicationPdfDependencies, pdfId: string): Promise<void> {
  await finish(deps.db, pdfId, {
    status: "FAILED",
    message: APPLICATION_PDF_FAILED_MESSAGE,
    updatedAt: deps.clock(),
  });
}

/** "Northbridge application - Ada Lovelace.pdf" (the name a download gets; "solicitud" in Spanish). */
export function downloadName(
  answers: Record<string, string>,
  words?: Pick<ServiceWords, "application">,
): string {
  const name = [answers.first_name, answers.last_name]
    .map((part) => (part ?? "").trim())
    .filter(Boolean)
    .join(" ");
  return `${partner.shortName} ${words?.application ?? "application"}${name ? ` - ${name}` : ""}.pdf`;
}

type Rendered = { pdf: Uint8Array; pages: number; attachments: number; fileName: string; printMs: number };

/**
 * Reads the application and the converted documents to append, prints the service view (with a
 * divider page per document), then puts each document after its divider.
 */
async function render(
  deps: ApplicationPdfDependencies,
  claimed: Claimed,
  signal: AbortSignal,
): Promise<Rendered> {
  const { userId } = claimed;
  // The applicant's copy in their language, the office's in English (issue 35).
  const { pages, words } = pdfLanguage(deps.pages, isLanguage(claimed.language) ? claimed.language : "en");
  const application = await loadServiceApplication(deps.db, userId);
  signal.throwIfAborted();
  const attachments = await attachmentsOf(deps.db, userId, pages, application);
  const documents = await Promise.all(
    attachments.map(async (attachment) => {
      const pdf = await deps.store.read(attachment.pdfKey);
      // Replaced or deleted meanwhile: the content key has changed, and the next download makes a new PDF.
      if (!pdf) throw new Error("a converted document vanished while the application PDF was made");
      return { title: attachmentTitle(attachment, words), pdf };
    }),
  );
  const counts = await pageCounts(documents);
  const dividers = documents.map((document, index) => ({ title: document.title, pages: counts[index] ?? 1 }));

  signal.throwIfAborted();
  const printing = performance.now();
  const printed = await deps.printer.printApplication({ application, pages, dividers, words }, signal);
  const printMs = performance.now() - printing;
  const assembled = await assembleApplicationPdf(printed, documents);
  return {
    ...assembled,
    attachments: documents.length,
    fileName: downloadName(application.answer, words),
    printMs,
  };
}

/** Runs one application PDF job. Throws only to have pg-boss run it again (retries left). */
export async function runRenderApplicationPdf(
  deps: ApplicationPdfDependencies,
  run: ApplicationPdfRun,
): Promise<void> {
  const { pdfId } = run.payload;
  const claimed = await claim(deps.db, pdfId, deps.clock());
  if (!claimed) return;
  const log = deps.log.child({ applicationPdf: pdfId, attempt: run.attempt });
  const started = performance.now();

  // A newer version asked for meanwhile replaces this row: the print stops (issue 36: a superseded
  // render costs no more Chromium time).
  const controller = new AbortController();
  const stopWatching = watchRow(deps.db, pdfId, controller);
  let rendered: Rendered;
  try {
    rendered = await withTimeout(render(deps, claimed, controller.signal), stretchedForLoad(deps.timeoutMs));
  } catch (error) {
    if (controller.signal.aborted) {
      log.info(
        { ms: Math.round(performance.now() - started) },
        "application PDF superseded: render cancelled",
      );
      return;
    }
    log.error({ err: error, lastAttempt: run.lastAttempt }, "application PDF failed");
    if (run.lastAttempt) return fail(deps, pdfId);
    throw error;
  } finally {
    stopWatching();
  }

  const pdfKey = newApplicationPdfKey(claimed.userId);
  await deps.store.write(pdfKey, rendered.pdf, "application/pdf");
  const ended = await finish(deps.db, pdfId, {
    status: "COMPLETED",
    pdfKey,
    fileName: rendered.fileName,
    message: null,
    updatedAt: deps.clock(),
  });
  if (!ended) {
    // Replaced by a newer PDF while it ran: this one belongs to nothing.
    await deps.store.remove(pdfKey).catch(() => undefined);
    return;
  }
  log.info(
    {
      pages: rendered.pages,
      attachments: rendered.attachments,
      bytes: rendered.pdf.length,
      printMs: Math.round(rendered.printMs),
      ms: Math.round(performance.now() - started),
    },
    "application PDF made",
  );
}

/** A job pg-boss gave up on (its runs never reported, e.g. a worker died): it must not stay IN_PROGRESS. */
export async function giveUpApplicationPdf(
  deps: ApplicationPdfDependencies,
  payload: RenderApplicationPdfPayload,
): Promise<void> {
  if (await claim(deps.db, payload.pdfId, deps.clock())) await fail(deps, payload.pdfId);
}
