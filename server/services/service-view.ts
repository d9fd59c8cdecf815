import { eq } from "drizzle-orm";
import type { DocumentAnswers, ServiceResponse } from "../../src/shared/api-types";
import type { Database } from "../db/database";
import { answers } from "../db/schema";
import { loadAddAnotherCounts, loadTabChoices } from "./ui-choices";

/**
 * The uploaded documents of an application for the service rendering, keyed by upload question
 * (spec §3 document answer: `file_name`, `file_size` in bytes).
 *
 * Integrator: documents are stored by another branch; read them from its table here. Until then
 * an application has none.
 */
export async function loadServiceDocumentAnswers(_db: Database, _userId: string): Promise<DocumentAnswers> {
  return {};
}

/**
 * Spec §3 service response: everything the read-only rendering of one applicant's application
 * needs, in the profile's shapes (answers, add-another counts, chosen tabs, documents). Nothing
 * about the account or its sessions.
 */
export async function loadServiceApplication(db: Database, userId: string): Promise<ServiceResponse> {
  const [answerRows, addAnother, tabs, documents] = await Promise.all([
    db.select({ key: answers.key, value: answers.value }).from(answers).where(eq(answers.userId, userId)),
    loadAddAnotherCounts(db, userId),
    loadTabChoices(db, userId),
    loadServiceDocumentAnswers(db, userId),
  ]);
  return {
    answer: Object.fromEntries(answerRows.map((row) => [row.key, row.value])),
    add_another: addAnother,
    document_answer: documents,
    tabs,
  };
}
