import { and, eq } from "drizzle-orm";
import type {
  DocumentAccepted,
  DocumentAnswers,
  DocumentConversionState,
  PresignedUpload,
} from "../../src/shared/api-types";
import {
  checkFileName,
  fileSizeProblem,
  MAX_UPLOAD_BYTES,
  UPLOAD_MISSING_MESSAGE,
} from "../../src/shared/document-rules";
import { GENERIC_ERROR_MESSAGE } from "../../src/shared/messages";
import type { Database } from "../db/database";
import { documentAnswers, documentConversions } from "../db/schema";
import { HttpError } from "../http-error";
import { CONVERT_DOCUMENT, type JobQueue } from "../jobs/job-queue";
import { isUploadKeyFor, newUploadKey } from "../storage/object-keys";
import { type ObjectStore, UPLOAD_POLICY_SECONDS } from "../storage/object-store";
import { RECORD_UPLOADS_WITHIN_MS } from "../storage/sweep-unrecorded";
import { writeAnswerByServer } from "./answers";
import { lockApplication, lockOpenApplication, refuseIfSubmitted } from "./applications";
import { failOverdueConversion, isOverdue } from "./conversion-deadline";
import type { DocumentViewLinks } from "./document-view-links";

// Document answers and their conversions (spec §3–§4, decision 0009). Every change takes the
// application lock and is refused once the application is submitted (409), like answers. Rows
// change in the transaction; objects are removed after it commits (a failed removal leaves an
// orphan object, never a row pointing at nothing).

export type DocumentServices = { db: Database; store: ObjectStore; queue: JobQueue; clock: () => Date };

/** Spec §7 `POST /api/presigned-url`: a signed upload to a fresh key under the applicant's prefix. */
export async function issueUpload(
  { db, store, clock }: DocumentServices,
  userId: string,
  answerKey: string,
): Promise<PresignedUpload> {
  await db.transaction((tx) => lockOpenApplication(tx, userId, clock()));
  return store.presignPost({
    key: newUploadKey(userId, answerKey),
    minBytes: 1,
    maxBytes: MAX_UPLOAD_BYTES,
    expiresInSeconds: UPLOAD_POLICY_SECONDS,
  });
}

export type DocumentSubmission = { answerKey: string; fileKey: string; fileName: string };

/**
 * Spec §7 `POST /api/pdf/document-answer/{key}`: checks the name, that the upload is this
 * applicant's for this question and is stored with 1..1,048,576 bytes, then records the document
 * answer and an UNPROCESSED conversion and queues its job, in one transaction. A document already
 * recorded for the question is replaced (its objects removed). Sending the same upload again
 * answers the current state and queues nothing.
 */
export async function acceptDocument(
  services: DocumentServices,
  userId: string,
  { answerKey, fileKey, fileName }: DocumentSubmission,
): Promise<DocumentAccepted> {
  const { db, store, queue, clock } = services;
  const name = checkFileName(fileName);
  if (!name.ok) throw new HttpError(400, name.message);
  // Another applicant's key, a key for another question and a missing object look the same.
  if (!isUploadKeyFor(fileKey, userId, answerKey)) throw new HttpError(404, UPLOAD_MISSING_MESSAGE);
  const stored = await store.head(fileKey);
  if (!stored) throw new HttpError(404, UPLOAD_MISSING_MESSAGE);
  const sizeProblem = fileSizeProblem(stored.size);
  if (sizeProblem) {
    // A store that does not enforce the policy's content-length-range (s3rver) kept it: we don't.
    await store.remove(fileKey);
    throw new HttpError(400, sizeProblem);
  }
  await queue.start();

  const replaced: string[] = [];
  const result = await db.transaction(async (tx): Promise<DocumentAccepted> => {
    const lock = await lockApplication(tx, userId, clock());
    const now = clock();
    const [document] = await tx
      .select()
      .from(documentAnswers)
      .where(and(eq(documentAnswers.userId, userId), eq(documentAnswers.answerKey, answerKey)));
    const [conversion] = await tx
      .select()
      .from(documentConversions)
      .where(and(eq(documentConversions.userId, userId), eq(documentConversions.answerKey, answerKey)));
    // The same file again is a retry whose answer was lost on the way: it gets the answer, even
    // once the application is submitted (the submit may have come between the two), so the device
    // does not hold as refused a file the server has.
    if (document?.objectKey === fileKey && conversion?.sourceKey === fileKey) {
      return accepted(conversion.status as DocumentAccepted["status"], document.fileName, document.fileSize);
    }
    refuseIfSubmitted(lock);
    // An upload left unrecorded this long is the sweep's (storage/sweep-unrecorded.ts): the client
    // uploads the file again from the device.
    if (now.getTime() - stored.storedAt.getTime() > RECORD_UPLOADS_WITHIN_MS) {
      throw new HttpError(404, UPLOAD_MISSING_MESSAGE);
    }
    if (document && document.objectKey !== fileKey) replaced.push(document.objectKey);
    if (conversion?.pdfKey) replaced.push(conversion.pdfKey);
    if (conversion && conversion.sourceKey !== fileKey && conversion.sourceKey !== document?.objectKey) {
      replaced.push(conversion.sourceKey);
    }

    await tx
      .insert(documentAnswers)
      .values({
        userId,
        answerKey,
        objectKey: fileKey,
        fileName: name.name,
        fileSize: stored.size,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: [documentAnswers.userId, documentAnswers.answerKey],
        set: { objectKey: fileKey, fileName: name.name, fileSize: stored.size, createdAt: now },
      });
    if (conversion) await tx.delete(documentConversions).where(eq(documentConversions.id, conversion.id));
    const [created] = await tx
      .insert(documentConversions)
      .values({ userId, answerKey, sourceKey: fileKey, fileName: name.name, createdAt: now, updatedAt: now })
      .returning({ id: documentConversions.id });
    if (!created) throw new Error("conversion insert returned nothing");
    // The question is answered again only once the new file is converted (spec §4).
    await writeAnswerByServer(tx, userId, answerKey, "", now);
    await queue.sendConversion(tx, { conversionId: created.id });
    return accepted("UNPROCESSED", name.name, stored.size);
  });
  queue.wake(CONVERT_DOCUMENT);
  await removeObjects(store, replaced);
  return result;
}

function accepted(status: DocumentAccepted["status"], fileName: string, fileSize: number): DocumentAccepted {
  return {
    message: "Your file was received and is being converted to PDF.",
    status,
    file_name: fileName,
    file_size: fileSize,
  };
}

/** Removes objects after a commit; a failure is left for a later sweep, not shown to the applicant. */
async function removeObjects(
  store: ObjectStore,
  keys: readonly (string | null | undefined)[],
): Promise<void> {
  await Promise.all(
    keys.filter((key): key is string => !!key).map((key) => store.remove(key).catch(() => undefined)),
  );
}

/**
 * Spec §7 `DELETE /api/pdf/document-answer/{key}`: removes the conversion and its PDF; the
 * question is no longer ANSWERED. Removing what is not there succeeds.
 */
export async function removeConversion(
  { db, store, clock }: DocumentServices,
  userId: string,
  answerKey: string,
): Promise<void> {
  const removed = await db.transaction(async (tx) => {
    await lockOpenApplication(tx, userId, clock());
    const rows = await tx
      .delete(documentConversions)
      .where(and(eq(documentConversions.userId, userId), eq(documentConversions.answerKey, answerKey)))
      .returning({ pdfKey: documentConversions.pdfKey });
    await writeAnswerByServer(tx, userId, answerKey, "", clock());
    return rows;
  });
  await removeObjects(
    store,
    removed.map((row) => row.pdfKey),
  );
}

/**
 * Spec §7 `DELETE /api/document-answer/{key}`: removes the document answer, its upload, and its
 * conversion and PDF with it (a PDF of a deleted file must not stay attached to the application).
 */
export async function removeDocument(
  { db, store, clock }: DocumentServices,
  userId: string,
  answerKey: string,
): Promise<void> {
  const keys = await db.transaction(async (tx) => {
    await lockOpenApplication(tx, userId, clock());
    const documents = await tx
      .delete(documentAnswers)
      .where(and(eq(documentAnswers.userId, userId), eq(documentAnswers.answerKey, answerKey)))
      .returning({ objectKey: documentAnswers.objectKey });
    const conversions = await tx
      .delete(documentConversions)
      .where(and(eq(documentConversions.userId, userId), eq(documentConversions.answerKey, answerKey)))
      .returning({ sourceKey: documentConversions.sourceKey, pdfKey: documentConversions.pdfKey });
    await writeAnswerByServer(tx, userId, answerKey, "", clock());
    return [
      ...documents.map((row) => row.objectKey),
      ...conversions.flatMap((row) => [row.sourceKey, row.pdfKey]),
    ];
  });
  await removeObjects(store, keys);
}

/** Spec §7 `GET /api/document-answer` and the profile's `document_answer`. */
export async function loadDocumentAnswers(db: Database, userId: string): Promise<DocumentAnswers> {
  const rows = await db
    .select({
      answerKey: documentAnswers.answerKey,
      fileName: documentAnswers.fileName,
      fileSize: documentAnswers.fileSize,
    })
    .from(documentAnswers)
    .where(eq(documentAnswers.userId, userId));
  return Object.fromEntries(
    rows.map((row) => [row.answerKey, { file_name: row.fileName, file_size: row.fileSize }]),
  );
}

const STATUS_MESSAGES: Record<Exclude<DocumentConversionState["status"], "FAILED">, string> = {
  UNPROCESSED: "Your file is waiting to be converted to PDF.",
  IN_PROGRESS: "Your file is being converted to PDF.",
  COMPLETED: "Your file has been converted to PDF.",
  NOT_ANSWERED: "No file has been uploaded for this question.",
};

/**
 * Spec §7 `GET /api/pdf/document-answer/{key}`: the conversion's status, why it FAILED, and once
 * COMPLETED a short-lived link to the PDF. No conversion: NOT_ANSWERED. One waiting or running past
 * its deadline is failed first (conversion-deadline.ts), so no field converts for ever.
 */
export async function conversionState(
  services: DocumentServices,
  links: DocumentViewLinks,
  userId: string,
  answerKey: string,
): Promise<DocumentConversionState> {
  const { state, queuedAt } = await readConversion(services.db, links, userId, answerKey);
  const running = state.status === "UNPROCESSED" || state.status === "IN_PROGRESS";
  if (!running || !queuedAt || !isOverdue(queuedAt, services.clock())) return state;
  await failOverdueConversion(services, userId, answerKey);
  return (await readConversion(services.db, links, userId, answerKey)).state;
}

async function readConversion(
  db: Database,
  links: DocumentViewLinks,
  userId: string,
  answerKey: string,
): Promise<{ state: DocumentConversionState; queuedAt?: Date }> {
  const [conversion] = await db
    .select({
      createdAt: documentConversions.createdAt,
      status: documentConversions.status,
      message: documentConversions.message,
      pdfKey: documentConversions.pdfKey,
      fileName: documentConversions.fileName,
    })
    .from(documentConversions)
    .where(and(eq(documentConversions.userId, userId), eq(documentConversions.answerKey, answerKey)));
  if (!conversion) {
    return { state: { status: "NOT_ANSWERED", message: STATUS_MESSAGES.NOT_ANSWERED, url: null } };
  }
  const status = conversion.status as DocumentConversionState["status"];
  const queuedAt = conversion.createdAt;
  if (status === "FAILED") {
    return { state: { status, message: conversion.message ?? GENERIC_ERROR_MESSAGE, url: null }, queuedAt };
  }
  const url =
    status === "COMPLETED" && conversion.pdfKey ? links.url(conversion.pdfKey, conversion.fileName) : null;
  return { state: { status, message: STATUS_MESSAGES[status], url }, queuedAt };
}
