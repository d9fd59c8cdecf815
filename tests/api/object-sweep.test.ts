import { utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentConversions } from "../../server/db/schema";
import { LocalDiskStore } from "../../server/storage/local-disk-store";
import { newApplicationPdfKey, newPdfKey } from "../../server/storage/object-keys";
import {
  RECORD_UPLOADS_WITHIN_MS,
  SWEEP_AFTER_MS,
  sweepUnrecordedObjects,
} from "../../server/storage/sweep-unrecorded";
import { UPLOAD_MISSING_MESSAGE } from "../../src/shared/document-rules";
import {
  convertsToTinyPdf,
  DOCUMENT_CATALOGUE,
  presignOk,
  RESUME,
  SOME_BYTES,
  settledConversion,
  submitDocument,
  TRANSCRIPT,
  uploadDocument,
  uploadLocal,
} from "../helpers/documents";
import { createTestApp, type DocumentParts, signedInUser, type TestApp } from "../helpers/test-app";

// Decision 0009 / issue 36, point 4: objects posted to local storage and never recorded stayed on
// disk for ever (an applicant could leave ~120 MB an hour within the limits). The sweep removes
// what no row names once it is a day old; an upload is recorded only while younger than 12 hours,
// so no recording can race a sweep, in one process or several.

const HOUR = 60 * 60 * 1000;
let test: TestApp & DocumentParts;
let store: LocalDiskStore;

beforeAll(async () => {
  test = await createTestApp({
    catalogue: DOCUMENT_CATALOGUE,
    conversions: { converter: convertsToTinyPdf() },
  });
  if (!(test.store instanceof LocalDiskStore)) throw new Error("the sweep is local disk's");
  store = test.store;
});
afterAll(async () => {
  await test?.close();
});

/** Makes an object look written `ms` ago (its file's modification time). */
async function age(key: string, ms: number): Promise<void> {
  const at = new Date(Date.now() - ms);
  await utimes(path.join(test.dataDir, "objects", ...key.split("/")), at, at);
}

async function postedNotRecorded(cookie: string, answerKey: string): Promise<string> {
  const upload = await presignOk(test, cookie, answerKey);
  expect((await uploadLocal(test, upload, SOME_BYTES)).statusCode).toBe(204);
  return upload.fields.key ?? "";
}

const exists = async (key: string) => (await store.head(key)) !== null;

describe("the sweep of documents nobody recorded", () => {
  it("removes day-old objects no row names, and keeps recorded ones and young ones", async () => {
    const { cookie, userId } = await signedInUser(test);
    const recorded = await uploadDocument(test, cookie, RESUME, SOME_BYTES, "resume.png");
    const converted = (await settledConversion(test, cookie, RESUME)).status;
    expect(converted).toBe("COMPLETED");
    const orphan = await postedNotRecorded(cookie, TRANSCRIPT);
    const youngOrphan = await postedNotRecorded(cookie, TRANSCRIPT);
    // A PDF whose job died before marking its row, and a write cut short.
    const strayPdf = newPdfKey(userId, RESUME);
    await test.store.write(strayPdf, SOME_BYTES, "application/pdf");
    const strayApplicationPdf = newApplicationPdfKey(userId);
    await test.store.write(strayApplicationPdf, SOME_BYTES, "application/pdf");
    const partial = `${orphan}.a1b2c3d4e5f6.part`;
    await writeFile(path.join(test.dataDir, "objects", ...partial.split("/")), "half");

    const old = SWEEP_AFTER_MS + HOUR;
    for (const key of [recorded, orphan, strayPdf, strayApplicationPdf, partial]) await age(key, old);
    // The recorded upload's converted PDF is as old, and named by its conversion.
    const [conversion] = await test.database.db
      .select({ pdfKey: documentConversions.pdfKey })
      .from(documentConversions)
      .where(eq(documentConversions.userId, userId));
    const convertedPdf = conversion?.pdfKey ?? "";
    expect(convertedPdf).toMatch(/\/converted\//);
    await age(convertedPdf, old);

    const { removed } = await sweepUnrecordedObjects(test.database.db, store, test.app.clock());
    expect(removed).toBeGreaterThanOrEqual(4);
    expect(await exists(orphan)).toBe(false);
    expect(await exists(strayPdf)).toBe(false);
    expect(await exists(strayApplicationPdf)).toBe(false);
    expect(await exists(partial)).toBe(false);
    expect(await exists(recorded)).toBe(true);
    expect(await exists(convertedPdf)).toBe(true);
    expect(await exists(youngOrphan)).toBe(true);
    // The recorded document still converts and shows: nothing of it was touched.
    expect((await settledConversion(test, cookie, RESUME)).status).toBe("COMPLETED");
  });

  it("does not record an upload older than 12 hours (the client uploads it again), but answers a recorded one as before", async () => {
    const { cookie } = await signedInUser(test);
    const stale = await postedNotRecorded(cookie, TRANSCRIPT);
    await age(stale, RECORD_UPLOADS_WITHIN_MS + HOUR);
    const refused = await submitDocument(test, cookie, TRANSCRIPT, { file_key: stale, file_name: "t.png" });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toStrictEqual({ message: UPLOAD_MISSING_MESSAGE });

    const recorded = await uploadDocument(test, cookie, RESUME, SOME_BYTES, "resume.png");
    await age(recorded, RECORD_UPLOADS_WITHIN_MS + HOUR);
    const again = await submitDocument(test, cookie, RESUME, { file_key: recorded, file_name: "resume.png" });
    expect(again.statusCode).toBe(202);
  });
});
