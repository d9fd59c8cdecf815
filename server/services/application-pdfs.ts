import { and, eq } from "drizzle-orm";
import type { Language } from "../../src/i18n/language";
import type { ApplicationPdfState } from "../../src/shared/api-types";
import { APPLICATION_PDF_FAILED_MESSAGE } from "../../src/shared/application-pdf";
import type { Database } from "../db/database";
import { applicationPdfs } from "../db/schema";
import { type JobQueue, RENDER_APPLICATION_PDF } from "../jobs/job-queue";
import type { ObjectStore } from "../storage/object-store";
import { applicationContentKey } from "./application-content-key";
import type { ApplicationPdfLinks } from "./application-pdf-links";
import { lockApplication } from "./applications";
import { countEvent, tooManyRequests } from "./throttle";

// The application PDF (spec §4 "PDF download", §7 `GET /api/pdf`, decision 0013). One row per
// applicant and language in `application_pdfs` (the applicant's copy in theirs, the office's in
// English, issue 35), made for the application's content key; the job
// (server/jobs/render-application-pdf.ts) makes the PDF. A download of an unchanged application is
// answered from the row at once; a changed one replaces the row and queues a new job.

export type ApplicationPdfServices = {
  db: Database;
  store: ObjectStore;
  queue: JobQueue;
  links: ApplicationPdfLinks;
  clock: () => Date;
  /** Names the client build that renders the service view (part of the content key). */
  clientBuild: string;
};

type PdfRow = typeof applicationPdfs.$inferSelect;

/** A FAILED PDF is reported as such for this long; a download after it tries again. */
export const PDF_RETRY_AFTER_MS = 60_000;
/** New PDFs one applicant may start in a window: each is a Chromium print. */
const NEW_PDFS_PER_WINDOW = 30;
const NEW_PDF_WINDOW_MS = 15 * 60 * 1000;
const TOO_MANY_PDFS_MESSAGE =
  "You have asked for many new PDFs of your application in a short time. Please wait a few minutes and try again.";

const STATUS_MESSAGES: Record<Exclude<ApplicationPdfState["status"], "FAILED">, string> = {
  UNPROCESSED: "Your application PDF is being prepared.",
  IN_PROGRESS: "Your application PDF is being prepared.",
  COMPLETED: "Your application PDF is ready.",
};

/** Whether `row` is the PDF to give for an application whose content key is `key`. */
function isCurrent(row: PdfRow, key: string, now: Date): boolean {
  if (row.contentKey !== key) return false;
  return row.status !== "FAILED" || now.getTime() - row.updatedAt.getTime() < PDF_RETRY_AFTER_MS;
}

function stateOf(row: PdfRow, links: ApplicationPdfLinks): ApplicationPdfState {
  const status = row.status as ApplicationPdfState["status"];
  if (status === "FAILED") {
    return { status, url: null, message: row.message ?? APPLICATION_PDF_FAILED_MESSAGE };
  }
  const url =
    status === "COMPLETED" && row.pdfKey
      ? links.url({ key: row.pdfKey, name: row.fileName ?? "application.pdf", userId: row.userId })
      : null;
  return { status, url, message: STATUS_MESSAGES[status] };
}

const rowOf = (userId: string, language: Language) =>
  and(eq(applicationPdfs.userId, userId), eq(applicationPdfs.language, language));

async function currentRow(db: Database, userId: string, language: Language): Promise<PdfRow | undefined> {
  const [row] = await db.select().from(applicationPdfs).where(rowOf(userId, language));
  return row;
}

/**
 * Spec §7 `GET /api/pdf`: the PDF of the application as it is now. When the stored one was made
 * for the same content (and did not fail more than a minute ago) it is reported as it stands;
 * otherwise it is replaced by a new one, queued in the same transaction (UNPROCESSED). Works after
 * submission too: downloading a copy is what the applicant does then.
 */
export async function requestApplicationPdf(
  services: ApplicationPdfServices,
  userId: string,
  language: Language = "en",
): Promise<ApplicationPdfState> {
  return stateOf(await currentApplicationPdf(services, userId, language), services.links);
}

export type ApplicationPdfRow = PdfRow;

/**
 * The row of the application's PDF as it is now, replaced (and its job queued) when the application
 * has changed: `requestApplicationPdf`'s work, for callers that serve the PDF themselves (the
 * integration API and the staff review, decision 0022).
 */
export async function currentApplicationPdf(
  services: Omit<ApplicationPdfServices, "links">,
  userId: string,
  /** The office's copy is English (the default); the applicant's is in their language. */
  language: Language = "en",
): Promise<PdfRow> {
  const { db, store, queue, clock, clientBuild } = services;
  const now = clock();
  const existing = await currentRow(db, userId, language);
  if (existing && isCurrent(existing, await applicationContentKey(db, userId, clientBuild), now)) {
    return existing;
  }

  const { count, windowEndsAt } = await countEvent(
    db,
    { scope: "application-pdf", value: userId },
    now,
    NEW_PDF_WINDOW_MS,
  );
  if (count > NEW_PDFS_PER_WINDOW) {
    throw tooManyRequests(TOO_MANY_PDFS_MESSAGE, windowEndsAt.getTime() - now.getTime());
  }
  await queue.start();
  const { row: current, replacedPdf } = await db.transaction(async (tx) => {
    // Under the application lock no save is half-applied: the key is the application's as it stands.
    await lockApplication(tx, userId, clock());
    const key = await applicationContentKey(tx, userId, clientBuild);
    const [row] = await tx.select().from(applicationPdfs).where(rowOf(userId, language)).for("update");
    // Another request (a second tab) may have started it meanwhile.
    if (row && isCurrent(row, key, clock())) return { row, replacedPdf: null };
    if (row) await tx.delete(applicationPdfs).where(eq(applicationPdfs.id, row.id));
    const at = clock();
    const [created] = await tx
      .insert(applicationPdfs)
      .values({ userId, language, contentKey: key, createdAt: at, updatedAt: at })
      .returning();
    if (!created) throw new Error("application PDF insert returned nothing");
    await queue.sendApplicationPdf(tx, { pdfId: created.id });
    return { row: created, replacedPdf: row?.pdfKey ?? null };
  });
  queue.wake(RENDER_APPLICATION_PDF);
  // The replaced PDF belongs to nothing now; a failure leaves an orphan object, never a dangling row.
  if (replacedPdf) await store.remove(replacedPdf).catch(() => undefined);
  return current;
}
