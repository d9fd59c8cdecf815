import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import {
  FILE_ANSWERED_VALUE,
  MAX_UPLOAD_BYTES,
  UPLOAD_MISSING_MESSAGE,
} from "../../src/shared/document-rules";
import { stretchedForLoad } from "../busy-machine";
import { type DocumentConverter, UploadRefused } from "../conversion/types";
import type { Database } from "../db/database";
import { documentAnswers, documentConversions } from "../db/schema";
import { writeAnswerByServer } from "../services/answers";
import { lockApplication } from "../services/applications";
import { newPdfKey } from "../storage/object-keys";
import type { ObjectStore } from "../storage/object-store";
import type { ConvertDocumentPayload } from "./job-queue";

// The `convert-document` job: one conversion row → one PDF. A function of its payload (the
// conversion id) and its dependencies, so any process with workers can run it; its state is the
// row's status, never memory. UNPROCESSED → IN_PROGRESS → COMPLETED | FAILED.

/** Our failures (an engine that hung or crashed every time), in words for the applicant. */
export const CONVERSION_FAILED_MESSAGE =
  "We couldn't convert your file to PDF. Please try again, or save it as a PDF and upload that.";

export type ConversionDependencies = {
  db: Database;
  store: ObjectStore;
  converter: DocumentConverter;
  clock: () => Date;
  log: FastifyBaseLogger;
  timeoutMs: number;
};

export type JobRun = { payload: ConvertDocumentPayload; attempt: number; lastAttempt: boolean };

class ConversionTimedOut extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ConversionTimedOut(`conversion took longer than ${ms} ms`)), ms);
  });
  // A conversion still running past the limit is left to the engine's own supervisor; its result is ignored.
  work.catch(() => {});
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

type Claimed = { userId: string; answerKey: string; sourceKey: string; fileName: string };

/** Marks the conversion IN_PROGRESS and counts the run; null when it was removed or already ended. */
async function claim(db: Database, conversionId: string, now: Date): Promise<Claimed | null> {
  const [row] = await db
    .update(documentConversions)
    .set({ status: "IN_PROGRESS", attempts: sqlIncrement(), updatedAt: now })
    .where(
      and(
        eq(documentConversions.id, conversionId),
        inArray(documentConversions.status, ["UNPROCESSED", "IN_PROGRESS"]),
      ),
    )
    .returning({
      userId: documentConversions.userId,
      answerKey: documentConversions.answerKey,
      sourceKey: documentConversions.sourceKey,
      fileName: documentConversions.fileName,
    });
  return row ?? null;
}

function sqlIncrement() {
  return sql`${documentConversions.attempts} + 1`;
}

/**
 * Ends a conversion under the application lock, if it is still this one and still running (the
 * applicant may have deleted or replaced it meanwhile): `apply` then records the outcome. Answers
 * whether it did.
 */
async function finish(
  db: Database,
  conversionId: string,
  claimed: Claimed,
  now: Date,
  apply: (tx: Database) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockApplication(tx, claimed.userId, now);
    const [current] = await tx
      .select({ status: documentConversions.status })
      .from(documentConversions)
      .where(eq(documentConversions.id, conversionId))
      .for("update");
    if (current?.status !== "IN_PROGRESS") return false;
    await apply(tx);
    return true;
  });
}

/**
 * FAILED with a message the applicant reads. The refused upload goes too (object and document
 * answer, spec §4 "FAILED clears the field"); the conversion row stays to tell the client why,
 * until it deletes it.
 */
async function fail(
  deps: ConversionDependencies,
  conversionId: string,
  claimed: Claimed,
  message: string,
): Promise<void> {
  const now = deps.clock();
  await finish(deps.db, conversionId, claimed, now, async (tx) => {
    await tx
      .update(documentConversions)
      .set({ status: "FAILED", message, updatedAt: now })
      .where(eq(documentConversions.id, conversionId));
    await tx
      .delete(documentAnswers)
      .where(
        and(
          eq(documentAnswers.userId, claimed.userId),
          eq(documentAnswers.answerKey, claimed.answerKey),
          eq(documentAnswers.objectKey, claimed.sourceKey),
        ),
      );
    await writeAnswerByServer(tx, claimed.userId, claimed.answerKey, "", now);
    // Removed before the commit, under the lock that every change to this question takes: once a
    // client sees FAILED the file is gone, and no newer conversion of the same upload can exist yet.
    await deps.store.remove(claimed.sourceKey);
  });
}

/** Runs one conversion job. Throws only to have pg-boss run it again (our failure, retries left). */
export async function runConvertDocument(deps: ConversionDependencies, run: JobRun): Promise<void> {
  const { conversionId } = run.payload;
  const claimed = await claim(deps.db, conversionId, deps.clock());
  if (!claimed) return;
  const log = deps.log.child({ conversionId, attempt: run.attempt });

  const bytes = await deps.store.read(claimed.sourceKey);
  if (!bytes) return fail(deps, conversionId, claimed, UPLOAD_MISSING_MESSAGE);
  if (bytes.length === 0 || bytes.length > MAX_UPLOAD_BYTES) {
    // The route checked the size; this only guards a store object replaced since.
    return fail(deps, conversionId, claimed, UPLOAD_MISSING_MESSAGE);
  }

  let result: Awaited<ReturnType<DocumentConverter["convert"]>>;
  const started = performance.now();
  try {
    result = await withTimeout(
      deps.converter.convert(bytes, claimed.fileName),
      stretchedForLoad(deps.timeoutMs),
    );
  } catch (error) {
    if (error instanceof UploadRefused) {
      log.info({ reason: error.message }, "document refused");
      return fail(deps, conversionId, claimed, error.message);
    }
    log.error({ err: error, lastAttempt: run.lastAttempt }, "document conversion failed");
    if (run.lastAttempt) return fail(deps, conversionId, claimed, CONVERSION_FAILED_MESSAGE);
    throw error;
  }

  const pdfKey = newPdfKey(claimed.userId, claimed.answerKey);
  await deps.store.write(pdfKey, result.pdf, "application/pdf");
  const now = deps.clock();
  const ended = await finish(deps.db, conversionId, claimed, now, async (tx) => {
    await tx
      .update(documentConversions)
      .set({ status: "COMPLETED", pdfKey, engine: result.engine, message: null, updatedAt: now })
      .where(eq(documentConversions.id, conversionId));
    await writeAnswerByServer(tx, claimed.userId, claimed.answerKey, FILE_ANSWERED_VALUE, now);
  });
  if (!ended) {
    // Deleted or replaced while it ran: its PDF belongs to nothing.
    await deps.store.remove(pdfKey).catch(() => undefined);
    return;
  }
  log.info(
    {
      kind: result.kind,
      engine: result.engine,
      simplified: result.simplified,
      ms: Math.round(performance.now() - started),
    },
    result.simplified ? "document converted (simplified)" : "document converted",
  );
}

/**
 * A job pg-boss gave up on (retries exhausted by runs that never reported, e.g. a worker process
 * that died): its conversion must not stay IN_PROGRESS forever.
 */
export async function giveUpConversion(
  deps: ConversionDependencies,
  payload: ConvertDocumentPayload,
): Promise<void> {
  const claimed = await claim(deps.db, payload.conversionId, deps.clock());
  if (claimed) await fail(deps, payload.conversionId, claimed, CONVERSION_FAILED_MESSAGE);
}
