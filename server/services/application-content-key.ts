import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../db/database";
import { applications, documentAnswers, documentConversions } from "../db/schema";
import { loadAddAnotherCounts, loadTabChoices } from "./ui-choices";

// When is an application PDF still current (decision 0013)? Not a revision every writer must
// remember to bump, but a digest of everything the PDF is made from, read where it is stored:
//  - answers: `applications.answer_revision`, which every save that writes an answer takes
//    (PUT /api/answer and the server's own writes of file answers, decision 0002/0009);
//  - add-another counts and chosen tabs: their stored values (a repeated save of the same tab
//    changes nothing);
//  - documents: each document answer (its object, name and size) and each conversion (its id,
//    status and PDF), so an upload, a replacement, a deletion and a finished conversion all count;
//  - the rendering itself: APPLICATION_PDF_FORMAT (the server's assembly) and the client build
//    that renders the service view.
// A few small indexed reads per call; the PDF is polled every second while it is made.

/** Bump when the server's part of the PDF (dividers, outline, assembly) changes. */
export const APPLICATION_PDF_FORMAT = "1";

type Sorted = [string, unknown][];

function sortedEntries(record: Record<string, unknown>): Sorted {
  return Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The digest of what `userId`'s application PDF would show now. `clientBuild` names the client
 * build that renders the service view (a new deployment's PDFs are made again).
 */
export async function applicationContentKey(
  db: Database,
  userId: string,
  clientBuild: string,
): Promise<string> {
  const [application, counts, tabs, documents, conversions] = await Promise.all([
    db
      .select({ revision: applications.answerRevision })
      .from(applications)
      .where(eq(applications.userId, userId)),
    loadAddAnotherCounts(db, userId),
    loadTabChoices(db, userId),
    db
      .select({
        key: documentAnswers.answerKey,
        object: documentAnswers.objectKey,
        name: documentAnswers.fileName,
        size: documentAnswers.fileSize,
      })
      .from(documentAnswers)
      .where(eq(documentAnswers.userId, userId)),
    db
      .select({
        key: documentConversions.answerKey,
        id: documentConversions.id,
        status: documentConversions.status,
        pdf: documentConversions.pdfKey,
      })
      .from(documentConversions)
      .where(eq(documentConversions.userId, userId)),
  ]);
  const byKey = <T extends { key: string }>(rows: T[]) =>
    [...rows].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const content = {
    format: APPLICATION_PDF_FORMAT,
    clientBuild,
    revision: application[0]?.revision ?? 0,
    counts: sortedEntries(counts),
    tabs: sortedEntries(tabs),
    documents: byKey(documents),
    conversions: byKey(conversions),
  };
  return createHash("sha256").update(JSON.stringify(content)).digest("base64url");
}
