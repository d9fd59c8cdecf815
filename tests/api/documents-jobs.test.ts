import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UploadRefused } from "../../server/conversion/types";
import { documentConversions } from "../../server/db/schema";
import { CONVERSION_FAILED_MESSAGE, giveUpConversion } from "../../server/jobs/convert-document";
import { CONVERT_DOCUMENT } from "../../server/jobs/job-queue";
import type { DocumentAnswers } from "../../src/shared/api-types";
import { UPLOAD_MISSING_MESSAGE } from "../../src/shared/document-rules";
import { storedAnswers } from "../helpers/api";
import {
  DOCUMENT_CATALOGUE,
  RESUME,
  SOME_BYTES,
  settledConversion,
  stubConverter,
  TINY_PDF,
  uploadDocument,
} from "../helpers/documents";
import {
  clientHeaders,
  createTestApp,
  type DocumentParts,
  signedInUser,
  type TestApp,
} from "../helpers/test-app";
import { STATE_WAIT_MS } from "../helpers/test-budgets";

// What a conversion job does with each outcome of the converter: a refusal, a crash (retried), a
// hang (timed out), a file deleted while it converts. The converter here is a stand-in whose
// behaviour the file name picks; real conversions are in documents-conversion.test.ts.

const REFUSAL = "This file is not really a PNG image. Please upload a .png, .jpeg, .jpg, .pdf or .docx file.";
const crashedOnce = new Set<string>();
let releaseGate: () => void = () => {};
let gateEntered: () => void = () => {};

const converter = stubConverter(async (bytes, name) => {
  const key = `${name}:${bytes.length}`;
  if (name.startsWith("refused")) throw new UploadRefused(REFUSAL);
  if (name.startsWith("crash-once") && !crashedOnce.has(key)) {
    crashedOnce.add(key);
    throw new Error("engine crashed");
  }
  if (name.startsWith("crash-always")) throw new Error("engine crashed again");
  if (name.startsWith("hang")) return new Promise(() => {});
  if (name.startsWith("gate")) {
    gateEntered();
    await new Promise<void>((resolve) => {
      releaseGate = resolve;
    });
  }
  return { pdf: TINY_PDF, kind: "png", engine: "stub", simplified: false };
});

let test: TestApp & DocumentParts;
beforeAll(async () => {
  test = await createTestApp({
    catalogue: DOCUMENT_CATALOGUE,
    // One worker, so a job can be held while the next waits in the queue.
    conversions: {
      converter,
      concurrency: 1,
      policy: { retryLimit: 1, retryDelaySeconds: 0, timeoutMs: 300 },
    },
  });
});
afterAll(async () => {
  releaseGate();
  await test?.close();
});

const callsFor = (name: string) => converter.calls.filter((call) => call.name === name).length;

async function documentAnswers(cookie: string): Promise<DocumentAnswers> {
  return (
    await test.app.inject({ method: "GET", url: "/api/document-answer", headers: clientHeaders(cookie) })
  ).json();
}

async function conversionRow(userId: string) {
  const [row] = await test.database.db
    .select()
    .from(documentConversions)
    .where(eq(documentConversions.userId, userId));
  return row;
}

describe("a conversion job", () => {
  it("ends a refused file FAILED with the converter's message, at once, keeping nothing of it", async () => {
    const { userId, cookie } = await signedInUser(test);
    const fileKey = await uploadDocument(test, cookie, RESUME, SOME_BYTES, "refused.png");
    const state = await settledConversion(test, cookie, RESUME);
    expect(state).toEqual({ status: "FAILED", message: REFUSAL, url: null });
    expect(callsFor("refused.png")).toBe(1);
    expect(await test.store.head(fileKey)).toBeNull();
    expect(await filesUnder(userId, "converted")).toEqual([]);
    expect(await documentAnswers(cookie)).toEqual({});
    expect((await storedAnswers(test, cookie))[RESUME] ?? "").toBe("");
    const row = await conversionRow(userId);
    expect(row?.pdfKey).toBeNull();
    expect(row?.attempts).toBe(1);
  });

  it("runs again after a crash of its own, and completes", async () => {
    const { userId, cookie } = await signedInUser(test);
    await uploadDocument(test, cookie, RESUME, SOME_BYTES, "crash-once.png");
    const state = await settledConversion(test, cookie, RESUME);
    expect(state.status).toBe("COMPLETED");
    expect(callsFor("crash-once.png")).toBeGreaterThanOrEqual(2);
    expect((await conversionRow(userId))?.attempts).toBe(2);
    expect((await storedAnswers(test, cookie))[RESUME]).toBe("ANSWERED");
  });

  it("ends FAILED with a general message when every run crashes (first run + retryLimit)", async () => {
    const { userId, cookie } = await signedInUser(test);
    const fileKey = await uploadDocument(test, cookie, RESUME, SOME_BYTES, "crash-always.png");
    const state = await settledConversion(test, cookie, RESUME);
    expect(state).toEqual({ status: "FAILED", message: CONVERSION_FAILED_MESSAGE, url: null });
    expect((await conversionRow(userId))?.attempts).toBe(2);
    expect(await test.store.head(fileKey)).toBeNull();
  });

  it("times a hung conversion out, retries it, then ends FAILED", async () => {
    const { userId, cookie } = await signedInUser(test);
    await uploadDocument(test, cookie, RESUME, SOME_BYTES, "hang.png");
    const state = await settledConversion(test, cookie, RESUME);
    expect(state).toEqual({ status: "FAILED", message: CONVERSION_FAILED_MESSAGE, url: null });
    expect((await conversionRow(userId))?.attempts).toBe(2);
  });

  it("keeps nothing when the applicant deletes the document while it converts", async () => {
    const { userId, cookie } = await signedInUser(test);
    const entered = new Promise<void>((resolve) => {
      gateEntered = resolve;
    });
    const fileKey = await uploadDocument(test, cookie, RESUME, SOME_BYTES, "gate.png");
    await entered;
    const conversionId = (await conversionRow(userId))?.id ?? "";
    expect((await currentStatus(cookie)).status).toBe("IN_PROGRESS");
    const deleted = await test.app.inject({
      method: "DELETE",
      url: `/api/document-answer/${RESUME}`,
      headers: clientHeaders(cookie),
    });
    expect(deleted.statusCode).toBe(200);
    releaseGate();
    await jobEnded(conversionId);
    // The job finished after the delete: no PDF of it is kept.
    expect(await filesUnder(userId, "converted")).toEqual([]);
    expect(await test.store.head(fileKey)).toBeNull();
    expect(await conversionRow(userId)).toBeUndefined();
    expect((await storedAnswers(test, cookie))[RESUME] ?? "").toBe("");
  });

  it("fails a conversion whose upload vanished before it ran", async () => {
    const first = await signedInUser(test);
    const second = await signedInUser(test);
    const entered = new Promise<void>((resolve) => {
      gateEntered = resolve;
    });
    // The only worker is held by a first conversion, so the second waits in the queue.
    await uploadDocument(test, first.cookie, RESUME, SOME_BYTES, "gate-first.png");
    await entered;
    const fileKey = await uploadDocument(test, second.cookie, RESUME, SOME_BYTES, "plain.png");
    await test.store.remove(fileKey);
    releaseGate();
    expect(await settledConversion(test, second.cookie, RESUME)).toEqual({
      status: "FAILED",
      message: UPLOAD_MISSING_MESSAGE,
      url: null,
    });
    expect(callsFor("plain.png")).toBe(0);
    expect((await settledConversion(test, first.cookie, RESUME)).status).toBe("COMPLETED");
  });

  it("fails a conversion pg-boss gave up on (its worker died every time), so it does not stay IN_PROGRESS", async () => {
    const { userId } = await signedInUser(test);
    const [row] = await test.database.db
      .insert(documentConversions)
      .values({
        userId,
        answerKey: RESUME,
        sourceKey: `applicants/${userId}/uploads/${RESUME}/x`,
        fileName: "a.png",
        status: "IN_PROGRESS",
      })
      .returning({ id: documentConversions.id });
    await giveUpConversion(
      {
        db: test.database.db,
        store: test.store,
        converter,
        clock: test.app.clock,
        log: test.app.log,
        timeoutMs: 1000,
      },
      { conversionId: row?.id ?? "" },
    );
    expect(await conversionRow(userId)).toMatchObject({
      status: "FAILED",
      message: CONVERSION_FAILED_MESSAGE,
    });
  });
});

async function currentStatus(cookie: string) {
  const response = await test.app.inject({
    method: "GET",
    url: `/api/pdf/document-answer/${RESUME}`,
    headers: clientHeaders(cookie),
  });
  return response.json() as { status: string };
}

/** Waits for the job (its id is the conversion's) to end in pg-boss. */
async function jobEnded(conversionId: string, timeoutMs = STATE_WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await test.queue.jobState(CONVERT_DOCUMENT, conversionId);
    if (state === "completed" || state === "failed") return;
    if (Date.now() > deadline) throw new Error(`job still ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Files the local store holds under an applicant's `uploads` or `converted` folder. */
async function filesUnder(userId: string, folder: "uploads" | "converted"): Promise<string[]> {
  const dir = path.join(test.dataDir, "objects", "applicants", userId, folder);
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}
