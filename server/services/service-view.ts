import { eq } from "drizzle-orm";
import type { ServiceResponse } from "../../src/shared/api-types";
import type { Database } from "../db/database";
import { answers } from "../db/schema";
import { loadDocumentAnswers } from "./documents";
import { loadAddAnotherCounts, loadTabChoices } from "./ui-choices";

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
    loadDocumentAnswers(db, userId),
  ]);
  return {
    answer: Object.fromEntries(answerRows.map((row) => [row.key, row.value])),
    add_another: addAnother,
    document_answer: documents,
    tabs,
  };
}
