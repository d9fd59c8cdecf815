import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileQuestionKeys } from "../../src/form/engine/file-questions";
import { formPages } from "../../src/form/pages/form-pages";
import { FILE_ANSWERED_VALUE } from "../../src/shared/document-rules";
import { putAnswers, storedAnswers } from "../helpers/api";
import { presign, presignOk } from "../helpers/documents";
import { createTestApp, signedInUser, type TestApp } from "../helpers/test-app";

// The documents of today's catalogue (decision 0014) as the server sees them: every file question
// can be uploaded for, their answers and the written statement are accepted, nothing else is.

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test?.close();
});

describe("today's documents on the server", () => {
  it("signs uploads for every file question, in every college block, and for no other key", async () => {
    const { cookie } = await signedInUser(test);
    for (const key of fileQuestionKeys(formPages)) {
      const upload = await presignOk(test, cookie, key);
      expect(upload.fields.key).toContain(`/uploads/${key}/`);
    }
    for (const key of ["college_4_transcript", "personal_statement", "transcript"]) {
      expect((await presign(test, cookie, key)).statusCode).toBe(400);
    }
  });

  it("keeps a file question's ANSWERED and a statement of 7,000 characters, and refuses a longer one", async () => {
    const { cookie } = await signedInUser(test);
    const statement = "I".repeat(7000);
    const saved = await putAnswers(test, cookie, {
      resume_file: FILE_ANSWERED_VALUE,
      college_2_transcript: FILE_ANSWERED_VALUE,
      personal_statement: statement,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await storedAnswers(test, cookie)).toMatchObject({
      resume_file: FILE_ANSWERED_VALUE,
      college_2_transcript: FILE_ANSWERED_VALUE,
      personal_statement: statement,
    });
    const refused = await putAnswers(test, cookie, { personal_statement: `${statement}!` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toHaveProperty("personal_statement");
  });
});
