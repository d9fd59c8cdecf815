import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationPdfs } from "../../server/db/schema";
import { putAnswers } from "../helpers/api";
import { pdfTestApp, type StandInPrinter, settledPdf, standInPrinter } from "../helpers/application-pdf";
import { COMPLETE_APPLICATION } from "../helpers/complete-application";
import { RESUME, settledConversion, TINY_PDF, uploadDocument } from "../helpers/documents";
import { integrationGet, newApiKey } from "../helpers/integration";
import { sendJson } from "../helpers/sync";
import { type DocumentParts, signedInUser, type TestApp } from "../helpers/test-app";

// Issue 35: the applicant's application PDF is in their account's language; the office's copy
// (integration API, staff review) stays English. One row per applicant and language (migration 0017).

let test: TestApp & DocumentParts;
let printer: StandInPrinter;
beforeAll(async () => {
  printer = standInPrinter();
  test = await pdfTestApp(printer);
});
afterAll(async () => {
  await test?.close();
});

async function rows(userId: string, language: string) {
  return test.database.db
    .select()
    .from(applicationPdfs)
    .where(and(eq(applicationPdfs.userId, userId), eq(applicationPdfs.language, language)));
}

describe("the application PDF's language", () => {
  it("is the applicant's for their copy, and English for the office's, each a PDF of its own", async () => {
    const user = await signedInUser(test);
    expect((await putAnswers(test, user.cookie, COMPLETE_APPLICATION)).statusCode).toBe(200);
    await uploadDocument(test, user.cookie, RESUME, TINY_PDF, "cv.pdf");
    await settledConversion(test, user.cookie, RESUME);
    expect((await sendJson(test, user.cookie, "POST", "/api/language", { language: "es" })).statusCode).toBe(
      200,
    );

    const printsBefore = printer.languages.length;
    const mine = await settledPdf(test, user.cookie);
    expect(mine.status).toBe("COMPLETED");
    expect(printer.languages.slice(printsBefore)).toStrictEqual(["es"]);
    expect(printer.dividers.at(-1)?.map((divider) => divider.title)).toStrictEqual([
      "Documento adjunto: Currículum — cv.pdf",
    ]);
    const [spanish] = await rows(user.userId, "es");
    expect(spanish?.fileName).toBe("Northbridge solicitud - Ada Lovelace.pdf");

    // The office's copy: English, made apart; the applicant's stays as it was.
    const { key } = await newApiKey(test);
    let office = await integrationGet(test, `/integration/v1/applications/${user.userId}/pdf`, key);
    while (office.statusCode === 202) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      office = await integrationGet(test, `/integration/v1/applications/${user.userId}/pdf`, key);
    }
    expect(office.statusCode, office.body).toBe(200);
    expect(office.headers["content-disposition"]).toContain("Northbridge application - Ada Lovelace.pdf");
    expect(printer.languages.slice(printsBefore)).toStrictEqual(["es", "en"]);
    expect(printer.dividers.at(-1)?.map((divider) => divider.title)).toStrictEqual([
      "Attached document: Résumé — cv.pdf",
    ]);
    expect((await settledPdf(test, user.cookie)).status).toBe("COMPLETED");
    expect((await rows(user.userId, "es")).map((row) => row.pdfKey)).toStrictEqual([spanish?.pdfKey]);
    expect(printer.languages.slice(printsBefore)).toStrictEqual(["es", "en"]);
  });
});
