import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentConversions } from "../../server/db/schema";
import { UNAUTHORIZED_MESSAGE } from "../../src/shared/messages";
import { putAnswers } from "../helpers/api";
import { PDF_CATALOGUE } from "../helpers/application-pdf";
import { COMPLETE_APPLICATION } from "../helpers/complete-application";
import { convertsToTinyPdf, RESUME, settledConversion, TINY_PDF, uploadDocument } from "../helpers/documents";
import {
  clientHeaders,
  createTestApp,
  type DocumentParts,
  signedInUser,
  type TestApp,
} from "../helpers/test-app";

// GET /api/receipt (issue 32): what the office has received, as /completion lists it.

let test: TestApp & DocumentParts;
beforeAll(async () => {
  test = await createTestApp({ catalogue: PDF_CATALOGUE, conversions: { converter: convertsToTinyPdf() } });
});
afterAll(async () => {
  await test?.close();
});

const receipt = (cookie: string) =>
  test.app.inject({ method: "GET", url: "/api/receipt", headers: clientHeaders(cookie) });

describe("GET /api/receipt", () => {
  it("needs a session", async () => {
    const response = await test.app.inject({
      method: "GET",
      url: "/api/receipt",
      headers: clientHeaders(""),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toStrictEqual({ message: UNAUTHORIZED_MESSAGE });
  });

  it("gives the submission's time and each document with its label and conversion state, never cached", async () => {
    const user = await signedInUser(test);
    expect((await putAnswers(test, user.cookie, COMPLETE_APPLICATION)).statusCode).toBe(200);
    await uploadDocument(test, user.cookie, RESUME, TINY_PDF, "résumé.pdf");
    await settledConversion(test, user.cookie, RESUME);
    const before = await receipt(user.cookie);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.headers["cache-control"]).toBe("no-store");
    expect(before.json()).toStrictEqual({
      submitted_at: null,
      documents: [
        {
          key: RESUME,
          label: "Résumé",
          file_name: "résumé.pdf",
          file_size: TINY_PDF.length,
          status: "COMPLETED",
        },
      ],
    });

    const submitted = await test.app.inject({
      method: "POST",
      url: "/api/submit",
      headers: clientHeaders(user.cookie),
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    await test.database.db
      .update(documentConversions)
      .set({ status: "IN_PROGRESS" })
      .where(eq(documentConversions.userId, user.userId));
    const after = (await receipt(user.cookie)).json();
    expect(after.submitted_at).toBe(submitted.json().submitted_at);
    expect(after.documents[0].status).toBe("IN_PROGRESS");
  });

  it("is empty for an applicant who has written nothing yet", async () => {
    const user = await signedInUser(test);
    expect((await receipt(user.cookie)).json()).toStrictEqual({ submitted_at: null, documents: [] });
  });
});
