import { and, eq } from "drizzle-orm";
import { ENGLISH_SERVICE_WORDS, type ServiceWords } from "../../src/features/service-view/service-words";
import type { FormPage } from "../../src/form/catalogue-types";
import type { Viewer } from "../../src/form/engine/audience";
import { visiblePage } from "../../src/form/engine/visibility";
import type { ServiceResponse } from "../../src/shared/api-types";
import type { Database } from "../db/database";
import { documentConversions } from "../db/schema";

// Which converted documents the application PDF appends, and under what name: the documents of
// the file questions the service view shows (the same engine, viewer, counts and tabs, so a
// document of a hidden question never appears), in the order the form asks them, each once its
// conversion is COMPLETED (one still converting is named in the rendering but not appended).

/** The service user (spec §6) reads a signed-in applicant's application. */
const SERVICE_VIEWER: Viewer = { signedIn: false, serviceUser: true };

export type FileQuestionShown = { key: string; label: string };

/**
 * The file questions the service view shows for this application, in form order. A question of a
 * repeated block is named with its block when more than one is shown ("Transcript (Colleges 2)").
 */
export function shownFileQuestions(
  pages: readonly FormPage[],
  application: Pick<ServiceResponse, "answer" | "add_another" | "tabs">,
): FileQuestionShown[] {
  const shown: FileQuestionShown[] = [];
  for (const page of pages) {
    const sections = visiblePage(page, application.answer, {
      ...SERVICE_VIEWER,
      counts: application.add_another,
      tabs: application.tabs,
    });
    for (const { section, blocks } of sections) {
      blocks.forEach((block, index) => {
        for (const question of block.questions) {
          if (question.kind !== "file") continue;
          const label =
            section.repeat && blocks.length > 1
              ? `${question.label} (${section.title} ${index + 1})`
              : question.label;
          shown.push({ key: question.key, label });
        }
      });
    }
  }
  return shown;
}

export type Attachment = {
  answerKey: string;
  /** The question's label, as the service view names it. */
  label: string;
  /** The applicant's file name (the document answer's). */
  fileName: string;
  /** The converted PDF in the object store. */
  pdfKey: string;
};

/** The documents to append: shown file questions with a COMPLETED conversion, in form order. */
export async function attachmentsOf(
  db: Database,
  userId: string,
  pages: readonly FormPage[],
  application: ServiceResponse,
): Promise<Attachment[]> {
  const completed = await db
    .select({ answerKey: documentConversions.answerKey, pdfKey: documentConversions.pdfKey })
    .from(documentConversions)
    .where(and(eq(documentConversions.userId, userId), eq(documentConversions.status, "COMPLETED")));
  const pdfByKey = new Map(completed.map((row) => [row.answerKey, row.pdfKey]));
  return shownFileQuestions(pages, application).flatMap(({ key, label }) => {
    const pdfKey = pdfByKey.get(key);
    const document = application.document_answer[key];
    return pdfKey && document ? [{ answerKey: key, label, fileName: document.file_name, pdfKey }] : [];
  });
}

/** The divider's heading and the outline entry of an attached document. */
export function attachmentTitle(
  attachment: Pick<Attachment, "label" | "fileName">,
  words: ServiceWords = ENGLISH_SERVICE_WORDS,
): string {
  return words.attachedDocument(attachment.label, attachment.fileName);
}
