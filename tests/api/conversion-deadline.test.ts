import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CONVERSION_DEADLINE_MS,
  CONVERSION_OVERDUE_MESSAGE,
} from "../../server/services/conversion-deadline";
import type { DocumentAnswers } from "../../src/shared/api-types";
import { storedAnswers } from "../helpers/api";
import { DOCUMENT_CATALOGUE, RESUME, SOME_BYTES, uploadDocument } from "../helpers/documents";
import {
  clientHeaders,
  createTestApp,
  type DocumentParts,
  signedInUser,
  type TestApp,
} from "../helpers/test-app";

// Issue 30: no field converts for ever. With no worker to run conversions (a queue that is not
// moving), a conversion still waiting past the deadline is failed when it is asked about.

let test: TestApp & DocumentParts;
beforeAll(async () => {
  // No `conversions`: nothing runs the jobs in this process.
  test = await createTestApp({ catalogue: DOCUMENT_CATALOGUE });
  test.freezeClock();
});
afterAll(async () => {
  await test?.close();
});

const get = async (url: string, cookie: string) =>
  test.app.inject({ method: "GET", url, headers: clientHeaders(cookie) });

describe("the conversion deadline", () => {
  it("keeps a waiting conversion UNPROCESSED until the deadline, then fails it, clears the field and says why", async () => {
    const { cookie } = await signedInUser(test);
    await uploadDocument(test, cookie, RESUME, SOME_BYTES, "resume.png");
    const status = async () => (await get(`/api/pdf/document-answer/${RESUME}`, cookie)).json();

    test.advanceClock(CONVERSION_DEADLINE_MS - 1_000);
    expect((await status()).status).toBe("UNPROCESSED");

    test.advanceClock(2_000);
    expect(await status()).toEqual({ status: "FAILED", message: CONVERSION_OVERDUE_MESSAGE, url: null });
    // As a failed job leaves it: the document and its answer are gone, the status stays to say why.
    expect(((await get("/api/document-answer", cookie)).json() as DocumentAnswers)[RESUME]).toBeUndefined();
    expect((await storedAnswers(test, cookie))[RESUME] ?? "").toBe("");
    expect((await status()).status).toBe("FAILED");
  });

  it("gives a new upload of the question a deadline of its own", async () => {
    const { cookie } = await signedInUser(test);
    await uploadDocument(test, cookie, RESUME, SOME_BYTES, "first.png");
    test.advanceClock(CONVERSION_DEADLINE_MS + 1_000);
    await uploadDocument(test, cookie, RESUME, SOME_BYTES, "second.png");
    expect((await get(`/api/pdf/document-answer/${RESUME}`, cookie)).json().status).toBe("UNPROCESSED");
  });
});
