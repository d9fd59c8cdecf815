import { eq } from "drizzle-orm";
import type { Database } from "../db/database";
import { applicationPdfs, documentAnswers, documentConversions } from "../db/schema";
import type { LocalDiskStore } from "./local-disk-store";

// Objects nobody recorded (decision 0009): an upload posted to the local store whose recording was
// refused or never made, a PDF whose job died between writing it and marking its row, an object a
// removal after a commit failed to remove, a write cut short (`.part`). S3 has a lifecycle rule on
// `applicants/*/uploads/` for uploads; on local disk this sweep runs with the hourly purge.
//
// Safe with several processes on one DATA_DIR, without a lock: an object is removed only once it
// is older than SWEEP_AFTER_MS and no row names it, and no row can come to name it by then, since
// an upload is recorded only while younger than RECORD_UPLOADS_WITHIN_MS (services/documents.ts)
// and a job marks its PDF within its time limit of a minute. Two sweeps removing one file is no
// harm.

/** An upload older than this is not recorded any more ("upload it again"; the client does so). */
export const RECORD_UPLOADS_WITHIN_MS = 12 * 60 * 60 * 1000;
/** Unrecorded objects older than this are removed: twice the above, so no recording can race it. */
export const SWEEP_AFTER_MS = 24 * 60 * 60 * 1000;

/** Applicant directories are named by user id. */
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Every key this applicant's rows name: document answers, conversions and the application PDF. */
async function recordedKeys(db: Database, userId: string): Promise<Set<string>> {
  const [documents, conversions, pdfs] = await Promise.all([
    db
      .select({ key: documentAnswers.objectKey })
      .from(documentAnswers)
      .where(eq(documentAnswers.userId, userId)),
    db
      .select({ source: documentConversions.sourceKey, pdf: documentConversions.pdfKey })
      .from(documentConversions)
      .where(eq(documentConversions.userId, userId)),
    db
      .select({ key: applicationPdfs.pdfKey })
      .from(applicationPdfs)
      .where(eq(applicationPdfs.userId, userId)),
  ]);
  const keys = [
    ...documents.map((row) => row.key),
    ...conversions.flatMap((row) => [row.source, row.pdf]),
    ...pdfs.map((row) => row.key),
  ];
  return new Set(keys.filter((key): key is string => key !== null));
}

/** Removes the objects under `applicants/` written before `now - SWEEP_AFTER_MS` that no row names. */
export async function sweepUnrecordedObjects(
  db: Database,
  store: LocalDiskStore,
  now: Date,
): Promise<{ removed: number }> {
  let removed = 0;
  const before = new Date(now.getTime() - SWEEP_AFTER_MS);
  for await (const { name, keys } of store.objectsWrittenBefore("applicants/", before)) {
    // Not an applicant's directory (nothing of ours makes one): left alone.
    if (!USER_ID.test(name)) continue;
    const recorded = await recordedKeys(db, name);
    for (const key of keys) {
      if (recorded.has(key)) continue;
      await store.remove(key);
      removed++;
    }
  }
  return { removed };
}
