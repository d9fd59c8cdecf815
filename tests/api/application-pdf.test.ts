import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../../server/conversion/testing/read-pdf";
import { applicationPdfs, serviceTokens } from "../../server/db/schema";
import { giveUpApplicationPdf } from "../../server/jobs/render-application-pdf";
import { DOCUMENT_VIEW_CSP } from "../../server/routes/files";
import { createSession } from "../../server/services/sessions";
import {
  APPLICATION_PDF_FAILED_MESSAGE,
  APPLICATION_PDF_LINK_SECONDS,
} from "../../src/shared/application-pdf";
import { SESSION_COOKIE } from "../../src/shared/constants";
import { UNAUTHORIZED_MESSAGE } from "../../src/shared/messages";
import { putAnswers } from "../helpers/api";
import {
  fetchPdf,
  getPdf,
  PDF_CATALOGUE,
  pdfReaches,
  pdfState,
  pdfTestApp,
  type StandInPrinter,
  settledPdf,
  standInPrinter,
  TRANSCRIPT_TAB,
} from "../helpers/application-pdf";
import { COMPLETE_APPLICATION } from "../helpers/complete-application";
import { RESUME, settledConversion, TINY_PDF, TRANSCRIPT, uploadDocument } from "../helpers/documents";
import { lacks } from "../helpers/system-tools";
import { clientHeaders, type DocumentParts, signedInUser, type TestApp } from "../helpers/test-app";

// Spec §7 GET /api/pdf and its link (decision 0013): the job's lifecycle, when a PDF is reused and
// when a new one is made, who may fetch it, and failures. Chromium is stood in for here (the job's
// outcomes are the subject); application-pdf-print.test.ts prints a complete application for real.

let test: TestApp & DocumentParts;
let printer: StandInPrinter;

beforeAll(async () => {
  printer = standInPrinter();
  test = await pdfTestApp(printer);
});
afterAll(async () => {
  await test?.close();
});

type User = Awaited<ReturnType<typeof signedInUser>>;

async function applicant(answers: Record<string, string> = COMPLETE_APPLICATION): Promise<User> {
  const user = await signedInUser(test);
  const saved = await putAnswers(test, user.cookie, answers);
  expect(saved.statusCode, saved.body).toBe(200);
  return user;
}

/** A COMPLETED PDF's link (after polling as the client does). */
async function completedUrl(user: User): Promise<string> {
  const state = await settledPdf(test, user.cookie);
  expect(state.status, state.message).toBe("COMPLETED");
  expect(state.url).toMatch(/^\/files\/application-pdf\?token=/);
  return state.url as string;
}

async function pdfRow(user: User) {
  const [row] = await test.database.db
    .select()
    .from(applicationPdfs)
    .where(eq(applicationPdfs.userId, user.userId));
  return row;
}

describe("GET /api/pdf", () => {
  it("needs a session (401) and our client's header (403), since it starts a job", async () => {
    const anonymous = await test.app.inject({
      method: "GET",
      url: "/api/pdf",
      headers: { "x-admissions-client": "1" },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toStrictEqual({ message: UNAUTHORIZED_MESSAGE });

    const user = await applicant();
    const crossSite = await getPdf(test, user.cookie, { cookie: user.cookie });
    expect(crossSite.statusCode).toBe(403);
    expect(await pdfRow(user)).toBeUndefined();
  });

  it("starts the job (UNPROCESSED), reports it IN_PROGRESS while it prints, then COMPLETED with a link", async () => {
    const user = await applicant({ ...COMPLETE_APPLICATION, first_name: "Grace" });
    const release = printer.hold();
    try {
      const started = await getPdf(test, user.cookie);
      expect(started.statusCode).toBe(200);
      expect(started.headers["cache-control"]).toBe("no-store");
      expect(started.json()).toStrictEqual({
        status: "UNPROCESSED",
        url: null,
        message: "Your application PDF is being prepared.",
      });
      expect(await pdfReaches(test, user.cookie, "IN_PROGRESS")).toStrictEqual({
        status: "IN_PROGRESS",
        url: null,
        message: "Your application PDF is being prepared.",
      });
    } finally {
      release();
    }
    const done = await settledPdf(test, user.cookie);
    expect(done).toStrictEqual({
      status: "COMPLETED",
      url: expect.stringMatching(/^\/files\/application-pdf\?token=[\w-]+\.[\w-]+$/),
      message: "Your application PDF is ready.",
    });
    // The job read the application itself: no link to it was made for the print.
    const print = printer.prints.at(-1);
    expect(print?.answer.first_name).toBe("Grace");
    const tokens = await test.database.db
      .select()
      .from(serviceTokens)
      .where(eq(serviceTokens.userId, user.userId));
    expect(tokens).toStrictEqual([]);
  });

  it("serves the PDF to its owner as an inline download, uncached and sandboxed", async () => {
    const user = await applicant({ ...COMPLETE_APPLICATION, first_name: "Ada", last_name: "Lovelace" });
    const url = await completedUrl(user);
    const response = await fetchPdf(test, url, user.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(
      `inline; filename="Northbridge application - Ada Lovelace.pdf"; filename*=UTF-8''${encodeURIComponent("Northbridge application - Ada Lovelace.pdf")}`,
    );
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["content-security-policy"]).toBe(DOCUMENT_VIEW_CSP);
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
    expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    // Its text, read as a person would (poppler, where installed): the applicant's application.
    if (!lacks("poppler")) expect(await pdfText(response.rawPayload)).toContain("Application of Ada");
  });

  it("reuses the PDF while nothing changed: the same one again at once, no second print", async () => {
    const user = await applicant({ ...COMPLETE_APPLICATION, first_name: "Reuse" });
    const first = await completedUrl(user);
    const row = await pdfRow(user);
    const printed = printer.prints.length;

    const again = await pdfState(test, user.cookie);
    expect(again.status).toBe("COMPLETED");
    expect(printer.prints.length).toBe(printed);
    expect((await pdfRow(user))?.id).toBe(row?.id);
    const [a, b] = await Promise.all([
      fetchPdf(test, first, user.cookie),
      fetchPdf(test, again.url ?? "", user.cookie),
    ]);
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
  });

  it("makes a new PDF after an answer changes, and removes the old one", async () => {
    const user = await applicant({ ...COMPLETE_APPLICATION, first_name: "Before" });
    const before = await completedUrl(user);
    const oldKey = (await pdfRow(user))?.pdfKey ?? "";
    expect(await test.store.head(oldKey)).not.toBeNull();

    expect((await putAnswers(test, user.cookie, { first_name: "After" })).statusCode).toBe(200);
    expect((await pdfState(test, user.cookie)).status).toBe("UNPROCESSED");
    const after = await completedUrl(user);
    if (!lacks("poppler"))
      expect(await pdfText((await fetchPdf(test, after, user.cookie)).rawPayload)).toContain(
        "Application of After",
      );
    // The old link names a PDF that is gone.
    expect(await test.store.head(oldKey)).toBeNull();
    expect((await fetchPdf(test, before, user.cookie)).statusCode).toBe(404);
  });

  it("makes a new PDF after an add-another count or a tab choice changes", async () => {
    const user = await applicant();
    await completedUrl(user);
    const first = (await pdfRow(user))?.id;

    const count = await test.app.inject({
      method: "PUT",
      url: "/api/add-another",
      headers: { ...clientHeaders(user.cookie), "content-type": "application/json" },
      payload: { button_id: "college", num_components: 2 },
    });
    expect(count.statusCode, count.body).toBe(200);
    expect((await pdfState(test, user.cookie)).status).toBe("UNPROCESSED");
    await completedUrl(user);
    const second = (await pdfRow(user))?.id;
    expect(second).not.toBe(first);
    expect(printer.prints.at(-1)?.add_another).toStrictEqual({ college: 2 });

    const tab = await test.app.inject({
      method: "PUT",
      url: "/api/tabs",
      headers: { ...clientHeaders(user.cookie), "content-type": "application/json" },
      payload: { tab_id: TRANSCRIPT_TAB, chosen_tab: "later" },
    });
    expect(tab.statusCode, tab.body).toBe(200);
    expect((await pdfState(test, user.cookie)).status).toBe("UNPROCESSED");
    await completedUrl(user);
    expect((await pdfRow(user))?.id).not.toBe(second);
    expect(printer.prints.at(-1)?.tabs).toStrictEqual({ [TRANSCRIPT_TAB]: "later" });

    // Saving the same choice again changes nothing.
    const same = await test.app.inject({
      method: "PUT",
      url: "/api/tabs",
      headers: { ...clientHeaders(user.cookie), "content-type": "application/json" },
      payload: { tab_id: TRANSCRIPT_TAB, chosen_tab: "later" },
    });
    expect(same.statusCode).toBe(200);
    expect((await pdfState(test, user.cookie)).status).toBe("COMPLETED");
  });

  it("makes a new PDF after a document is uploaded, converted, replaced and deleted, appending each converted one", async () => {
    const user = await applicant();
    await completedUrl(user);
    const ids = new Set([(await pdfRow(user))?.id]);
    const newPdfAfter = async (change: () => Promise<unknown>) => {
      await change();
      const state = await settledPdf(test, user.cookie);
      expect(state.status).toBe("COMPLETED");
      const row = await pdfRow(user);
      expect(ids.has(row?.id)).toBe(false);
      ids.add(row?.id);
      return state.url as string;
    };

    // Uploaded and converted (the stand-in converter gives a one-page PDF).
    const withResume = await newPdfAfter(async () => {
      await uploadDocument(test, user.cookie, RESUME, TINY_PDF, "resume.pdf");
      expect((await settledConversion(test, user.cookie, RESUME)).status).toBe("COMPLETED");
    });
    expect(printer.dividers.at(-1)).toStrictEqual([
      { title: "Attached document: Résumé — resume.pdf", pages: 1 },
    ]);
    const pdf = await PDFDocument.load((await fetchPdf(test, withResume, user.cookie)).rawPayload);
    // The print, the divider, the document.
    expect(pdf.getPageCount()).toBe(3);

    await newPdfAfter(async () => {
      await uploadDocument(test, user.cookie, TRANSCRIPT, TINY_PDF, "transcript.pdf");
      await settledConversion(test, user.cookie, TRANSCRIPT);
    });
    expect(printer.dividers.at(-1)?.map((divider) => divider.title)).toStrictEqual([
      "Attached document: Résumé — resume.pdf",
      "Attached document: Unofficial transcript — transcript.pdf",
    ]);

    await newPdfAfter(async () => {
      await uploadDocument(test, user.cookie, RESUME, TINY_PDF, "cv.pdf");
      await settledConversion(test, user.cookie, RESUME);
    });
    expect(printer.dividers.at(-1)?.map((divider) => divider.title)).toContain(
      "Attached document: Résumé — cv.pdf",
    );

    await newPdfAfter(() =>
      test.app.inject({
        method: "DELETE",
        url: `/api/document-answer/${TRANSCRIPT}`,
        headers: clientHeaders(user.cookie),
      }),
    );
    expect(printer.dividers.at(-1)?.map((divider) => divider.title)).toStrictEqual([
      "Attached document: Résumé — cv.pdf",
    ]);

    // A document of a tab the applicant did not choose is not appended.
    await uploadDocument(test, user.cookie, TRANSCRIPT, TINY_PDF, "transcript.pdf");
    await settledConversion(test, user.cookie, TRANSCRIPT);
    await newPdfAfter(() =>
      test.app.inject({
        method: "PUT",
        url: "/api/tabs",
        headers: { ...clientHeaders(user.cookie), "content-type": "application/json" },
        payload: { tab_id: TRANSCRIPT_TAB, chosen_tab: "later" },
      }),
    );
    expect(printer.dividers.at(-1)?.map((divider) => divider.title)).toStrictEqual([
      "Attached document: Résumé — cv.pdf",
    ]);
  });

  it("works after the application is submitted: downloading a copy is what comes next", async () => {
    const user = await applicant();
    const submitted = await test.app.inject({
      method: "POST",
      url: "/api/submit",
      headers: clientHeaders(user.cookie),
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    await completedUrl(user);
  });

  it("answers FAILED with its message when printing fails, keeps saying so for a minute, then tries again", async () => {
    const user = await applicant({ ...COMPLETE_APPLICATION, first_name: "Failing" });
    printer.failing = true;
    try {
      const failed = await settledPdf(test, user.cookie);
      expect(failed).toStrictEqual({ status: "FAILED", url: null, message: APPLICATION_PDF_FAILED_MESSAGE });
      const printed = printer.prints.length;
      expect(await pdfState(test, user.cookie)).toStrictEqual(failed);
      expect(printer.prints.length).toBe(printed);
    } finally {
      printer.failing = false;
    }
    test.advanceClock(61_000);
    try {
      expect((await pdfState(test, user.cookie)).status).toBe("UNPROCESSED");
      await completedUrl(user);
    } finally {
      test.advanceClock(-61_000);
    }
  });
});

describe("the job", () => {
  it("keeps no PDF of an application that changed while it printed; the new one follows", async () => {
    const user = await applicant({ ...COMPLETE_APPLICATION, first_name: "Racing" });
    const release = printer.hold();
    let first: string | undefined;
    try {
      await pdfState(test, user.cookie);
      await pdfReaches(test, user.cookie, "IN_PROGRESS");
      first = (await pdfRow(user))?.id;
      expect((await putAnswers(test, user.cookie, { first_name: "Raced" })).statusCode).toBe(200);
      expect((await pdfState(test, user.cookie)).status).toBe("UNPROCESSED");
    } finally {
      release();
    }
    const url = await completedUrl(user);
    expect((await pdfRow(user))?.id).not.toBe(first);
    if (!lacks("poppler"))
      expect(await pdfText((await fetchPdf(test, url, user.cookie)).rawPayload)).toContain(
        "Application of Raced",
      );
    // Only the current PDF is stored: the replaced job's print was thrown away.
    const stored = await readdir(
      path.join(test.dataDir, "objects", "applicants", user.userId, "application"),
    );
    expect(stored).toHaveLength(1);
  });

  it("cancels a print superseded by a newer version of the application: nobody waits for it (issue 36)", async () => {
    const user = await applicant({ ...COMPLETE_APPLICATION, first_name: "Superseded" });
    const release = printer.hold();
    try {
      await pdfState(test, user.cookie);
      await pdfReaches(test, user.cookie, "IN_PROGRESS");
      const cancelledBefore = printer.cancelled;
      expect((await putAnswers(test, user.cookie, { first_name: "Newer" })).statusCode).toBe(200);
      // The newer version is asked for: the print of the older one stops while still held.
      expect((await pdfState(test, user.cookie)).status).toBe("UNPROCESSED");
      await expect.poll(() => printer.cancelled).toBe(cancelledBefore + 1);
    } finally {
      release();
    }
    const url = await completedUrl(user);
    // Read with poppler's pdftotext: left out where it is not installed (CI installs it).
    if (!lacks("poppler"))
      expect(await pdfText((await fetchPdf(test, url, user.cookie)).rawPayload)).toContain(
        "Application of Newer",
      );
  });

  it("fails a PDF pg-boss gave up on (its worker died every time), so it does not stay IN_PROGRESS", async () => {
    const user = await applicant();
    const [row] = await test.database.db
      .insert(applicationPdfs)
      .values({ userId: user.userId, contentKey: "k", status: "IN_PROGRESS" })
      .returning({ id: applicationPdfs.id });
    await giveUpApplicationPdf(
      {
        db: test.database.db,
        store: test.store,
        printer,
        pages: PDF_CATALOGUE,
        clock: test.app.clock,
        log: test.app.log,
        timeoutMs: 1000,
      },
      { pdfId: row?.id ?? "" },
    );
    expect(await pdfRow(user)).toMatchObject({ status: "FAILED", message: APPLICATION_PDF_FAILED_MESSAGE });
  });

  it("limits how many new PDFs an applicant starts in 15 minutes (429 with Retry-After)", async () => {
    const user = await applicant();
    let refused: Awaited<ReturnType<typeof getPdf>> | undefined;
    for (let change = 1; change <= 40 && !refused; change++) {
      expect((await putAnswers(test, user.cookie, { middle_name: `M${change}` })).statusCode).toBe(200);
      const response = await getPdf(test, user.cookie);
      if (response.statusCode === 429) refused = response;
      else expect(response.statusCode).toBe(200);
    }
    expect(refused?.json().message).toMatch(/many new PDFs/);
    expect(Number(refused?.headers["retry-after"])).toBeGreaterThan(0);
    expect(
      await test.database.db.select().from(applicationPdfs).where(eq(applicationPdfs.userId, user.userId)),
    ).toHaveLength(1);
  });
});

describe("the PDF link", () => {
  it("is its owner's only: another applicant gets 404, no session 401, and the other's own PDF is theirs", async () => {
    const owner = await applicant({ ...COMPLETE_APPLICATION, first_name: "Owner" });
    const other = await applicant({ ...COMPLETE_APPLICATION, first_name: "Other" });
    const url = await completedUrl(owner);

    const stranger = await fetchPdf(test, url, other.cookie);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.rawPayload.subarray(0, 5).toString()).not.toBe("%PDF-");
    expect((await fetchPdf(test, url)).statusCode).toBe(401);

    const theirs = await completedUrl(other);
    if (!lacks("poppler"))
      expect(await pdfText((await fetchPdf(test, theirs, other.cookie)).rawPayload)).toContain(
        "Application of Other",
      );
  });

  it("expires: refused (403) once its minutes are over", async () => {
    const user = await applicant();
    const url = await completedUrl(user);
    test.advanceClock(APPLICATION_PDF_LINK_SECONDS * 1000 + 1000);
    try {
      // The session has timed out too by then (15 minutes idle): the applicant has signed in again.
      const { token } = await createSession(test.database.db, user.userId, test.app.clock());
      const expired = await fetchPdf(test, url, `${SESSION_COOKIE}=${token}`);
      expect(expired.statusCode).toBe(403);
      expect(expired.json().message).toMatch(/has expired/);
      expect(expired.headers["cache-control"]).toBe("no-store");
    } finally {
      test.advanceClock(-(APPLICATION_PDF_LINK_SECONDS * 1000 + 1000));
    }
    expect((await fetchPdf(test, url, user.cookie)).statusCode).toBe(200);
  });

  it("refuses (403) a token that was altered or forged, e.g. one naming another applicant's PDF", async () => {
    const victim = await applicant({ ...COMPLETE_APPLICATION, first_name: "Victim" });
    const attacker = await applicant({ ...COMPLETE_APPLICATION, first_name: "Attacker" });
    await completedUrl(victim);
    const victimKey = (await pdfRow(victim))?.pdfKey ?? "";
    const own = await completedUrl(attacker);
    const [payload, signature] = (new URL(own, "http://x").searchParams.get("token") ?? "").split(".");
    const claim = JSON.parse(Buffer.from(payload ?? "", "base64url").toString());
    const altered = Buffer.from(JSON.stringify({ ...claim, key: victimKey, sub: attacker.userId })).toString(
      "base64url",
    );
    for (const token of [`${altered}.${signature}`, `${payload}.${"A".repeat(43)}`, `${payload}`, "x.y.z"]) {
      const response = await fetchPdf(test, `/files/application-pdf?token=${token}`, attacker.cookie);
      expect(response.statusCode, token).toBe(403);
    }
  });
});
