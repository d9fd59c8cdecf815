import { eq } from "drizzle-orm";
import type { FormPage } from "../../src/form/catalogue-types";
import type { ServiceResponse } from "../../src/shared/api-types";
import { shownFileQuestions } from "../application-pdf/attachments";
import type { Database } from "../db/database";
import { documentConversions } from "../db/schema";
import { type ApplicationSummary, findApplication } from "./application-list";
import { loadServiceApplication } from "./service-view";

// One application as the office reads it (decision 0022): the integration API's record, the staff
// review's rendering and the applicant's receipt of what the office has received.

export type ConversionStatus = "UNPROCESSED" | "IN_PROGRESS" | "COMPLETED" | "FAILED";

export type DocumentRecord = {
  key: string;
  /** The question, as the service view names it ("Transcript (Colleges 2)"). */
  label: string;
  file_name: string;
  file_size: number;
  /** Its conversion to the PDF the office reads. */
  status: ConversionStatus;
};

export type ApplicationRecord = {
  summary: ApplicationSummary;
  application: ServiceResponse;
  documents: DocumentRecord[];
};

/**
 * The uploaded documents with their conversion's status: those of the questions the service view
 * shows first, in form order, then any other (a question the answers now hide) by key.
 */
export async function documentRecords(
  db: Database,
  userId: string,
  pages: readonly FormPage[],
  application: ServiceResponse,
): Promise<DocumentRecord[]> {
  const conversions = await db
    .select({ key: documentConversions.answerKey, status: documentConversions.status })
    .from(documentConversions)
    .where(eq(documentConversions.userId, userId));
  const statusOf = new Map(conversions.map((row) => [row.key, row.status as ConversionStatus]));
  const shown = shownFileQuestions(pages, application).filter(({ key }) => application.document_answer[key]);
  const shownKeys = new Set(shown.map(({ key }) => key));
  const others = Object.keys(application.document_answer)
    .filter((key) => !shownKeys.has(key))
    .sort()
    .map((key) => ({ key, label: key }));
  return [...shown, ...others].flatMap(({ key, label }) => {
    const document = application.document_answer[key];
    if (!document) return [];
    // The answer and its conversion are written in one transaction; a missing one is still queued.
    return [{ key, label, ...document, status: statusOf.get(key) ?? "UNPROCESSED" }];
  });
}

/** The application of account `id` with its documents, or null when there is none. */
export async function loadApplicationRecord(
  db: Database,
  id: string,
  pages: readonly FormPage[],
): Promise<ApplicationRecord | null> {
  const summary = await findApplication(db, id);
  if (!summary) return null;
  const application = await loadServiceApplication(db, id);
  return { summary, application, documents: await documentRecords(db, id, pages, application) };
}
