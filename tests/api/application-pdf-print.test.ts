import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChromiumApplicationPrinter } from "../../server/application-pdf/application-printer";
import { printStylesheet } from "../../server/application-pdf/print-stylesheet";
import { PdfPrinter } from "../../server/browser/pdf-printer";
import { createDocumentConverter } from "../../server/conversion/create-document-converter";
import { textPdf } from "../../server/conversion/testing/build-pdfs";
import { pdfInfo, pdfOutline, pdfText, renderPage } from "../../server/conversion/testing/read-pdf";
import type { DocumentConverter } from "../../server/conversion/types";
import { displayQuestion } from "../../src/features/service-view/answer-display";
import { visiblePage } from "../../src/form/engine/visibility";
import { formPages } from "../../src/form/pages/form-pages";
import { APPLICATION_PDF_FAILED_MESSAGE } from "../../src/shared/application-pdf";
import { putAnswers } from "../helpers/api";
import { fetchPdf, PDF_CATALOGUE, settledPdf } from "../helpers/application-pdf";
import { builtClientDir } from "../helpers/client-build";
import { TWO_COLLEGE_APPLICATION, TWO_COLLEGE_COUNTS } from "../helpers/complete-application";
import { RESUME, settledConversion, TRANSCRIPT, uploadDocument } from "../helpers/documents";
import { pdfTags } from "../helpers/pdf-tags";
import { lacks } from "../helpers/system-tools";
import {
  clientHeaders,
  createTestApp,
  type DocumentParts,
  signedInUser,
  type TestApp,
} from "../helpers/test-app";

// The application PDF for real (decision 0013): the service view rendered by the server with the
// built client's stylesheets and printed by Chromium, two documents uploaded and converted through
// the document path and appended; the PDF read back with poppler (text, outline, tags, a rendered
// page).

const run = promisify(execFile);
const silent = { info() {}, warn() {}, error() {} };
const SLOW = 240_000;
/** Seen by no one: its question is hidden because no charges are pending. */
const HIDDEN_ANSWER = "An explanation left from an earlier answer";
const RESUME_TEXT = "Analytical Engine programmer since 1843";
const TRANSCRIPT_TEXT = "Riverside transcript: Calculus II A minus";

let printer: PdfPrinter;
let converter: DocumentConverter;
let test: TestApp & DocumentParts;

beforeAll(async () => {
  const clientDir = await builtClientDir();
  printer = await PdfPrinter.start(silent);
  converter = await createDocumentConverter({ log: silent, libreOffice: false, chromium: { printer } });
  test = await createTestApp({
    catalogue: PDF_CATALOGUE,
    conversions: { converter },
    applicationPdfs: {
      printer: new ChromiumApplicationPrinter(printer, printStylesheet(clientDir), 60_000),
    },
  });
}, SLOW);
afterAll(async () => {
  await test?.close();
  await converter?.close();
  await printer?.close();
});

/** The PDF's text in the order it is drawn (the page's order: a label before its answer), whitespace collapsed. */
async function readingText(pdf: Uint8Array): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "application-pdf-"));
  try {
    const file = path.join(dir, "application.pdf");
    await writeFile(file, pdf);
    const { stdout } = await run("pdftotext", ["-raw", file, "-"], { maxBuffer: 16 * 1024 * 1024 });
    return stdout.replace(/\s+/g, " ");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();

/** Label and value of every question the service view shows for this application (the real catalogue). */
function visibleAnswers(answers: Record<string, string>, counts: Record<string, number>): string[][] {
  const shown: string[][] = [];
  for (const page of formPages) {
    for (const { blocks } of visiblePage(page, answers, { signedIn: false, serviceUser: true, counts })) {
      for (const question of blocks.flatMap((block) => block.questions)) {
        const display = displayQuestion(question, answers, {});
        if (display.type === "text" && display.value !== null) shown.push([display.label, display.value]);
        if (display.type === "choices") {
          const chosen = display.boxes.find((box) => box.checked);
          if (chosen) shown.push([display.label, `[X] ${chosen.label}`]);
        }
        if (display.type === "box" && display.box.checked) shown.push([`[X] ${display.box.label}`]);
      }
    }
  }
  return shown;
}

// Skipped where poppler is not installed (the PDF is read with pdftotext); CI installs it.
describe.skipIf(lacks("poppler"))("the application PDF of a complete application", () => {
  it(
    "holds every visible answer, no hidden one, the attached documents after their dividers, an outline of steps and documents, tagged Letter pages",
    async () => {
      const { cookie } = await signedInUser(test);
      const answers = { ...TWO_COLLEGE_APPLICATION, pending_charges_comment: HIDDEN_ANSWER };
      expect((await putAnswers(test, cookie, answers)).statusCode).toBe(200);
      const counted = await test.app.inject({
        method: "PUT",
        url: "/api/add-another",
        headers: { ...clientHeaders(cookie), "content-type": "application/json" },
        payload: { button_id: "college", num_components: TWO_COLLEGE_COUNTS.college },
      });
      expect(counted.statusCode).toBe(200);
      await uploadDocument(test, cookie, RESUME, await textPdf([["Résumé", RESUME_TEXT]]), "resume.pdf");
      await uploadDocument(
        test,
        cookie,
        TRANSCRIPT,
        await textPdf([[TRANSCRIPT_TEXT], ["Page two of the transcript"]]),
        "transcript.pdf",
      );
      expect((await settledConversion(test, cookie, RESUME)).status).toBe("COMPLETED");
      expect((await settledConversion(test, cookie, TRANSCRIPT)).status).toBe("COMPLETED");

      const state = await settledPdf(test, cookie, 180_000);
      expect(state.status, state.message).toBe("COMPLETED");
      const response = await fetchPdf(test, state.url ?? "", cookie);
      expect(response.statusCode).toBe(200);
      const pdf = new Uint8Array(response.rawPayload);

      const text = await readingText(pdf);
      const expected = visibleAnswers(answers, TWO_COLLEGE_COUNTS);
      expect(expected.length).toBeGreaterThan(30);
      for (const parts of expected) {
        for (const part of parts) expect(text, parts.join(" → ")).toContain(collapse(part));
      }
      // Spot checks in the rendering's words, whatever the engine says.
      for (const shown of [
        "Step One: About You",
        "Step Two: Your Academics",
        "Step Three: Final Steps",
        "[X] Female",
        "May 1, 2000",
        "Riverside Cmty College (CEEB 4658)",
        "Univ Illinois Springfield (CEEB 0834)",
        "Business Administration",
      ]) {
        expect(text).toContain(shown);
      }
      expect(text).not.toContain(HIDDEN_ANSWER);

      // Each document after its divider, in the form's order.
      const resumeDivider = text.indexOf("Attached document: Résumé — resume.pdf");
      const transcriptDivider = text.indexOf("Attached document: Unofficial transcript — transcript.pdf");
      expect(resumeDivider).toBeGreaterThan(text.indexOf("Step Three: Final Steps"));
      expect(text.indexOf(RESUME_TEXT)).toBeGreaterThan(resumeDivider);
      expect(transcriptDivider).toBeGreaterThan(text.indexOf(RESUME_TEXT));
      expect(text.indexOf(TRANSCRIPT_TEXT)).toBeGreaterThan(transcriptDivider);
      expect(text).toContain("Page two of the transcript");
      expect(text).toContain("The next 2 pages are the document the applicant uploaded");

      const outline = (await pdfOutline(pdf)).filter((item) => item.depth === 1);
      expect(outline.map((item) => item.title)).toStrictEqual([
        "Step One: About You",
        "Step Two: Your Academics",
        "Step Three: Final Steps",
        "Attached document: Résumé — resume.pdf",
        "Attached document: Unofficial transcript — transcript.pdf",
      ]);
      const info = await pdfInfo(pdf);
      const pages = Number(info.Pages);
      // The résumé's divider is followed by its one page, then the transcript's divider and two pages.
      expect(outline.map((item) => item.page).slice(3)).toStrictEqual([pages - 4, pages - 2]);
      expect(info.Tagged).toBe("yes");
      expect(info["Page size"]).toMatch(/^612 x 792 pts/);
      expect(info.Title).toBe("Ada Lovelace: Northbridge University Transfer & Accelerated Application");

      // Issue 37 (WCAG 1.3.1): every page numbered out of the whole file, documents included.
      const perPage = (await pdfText(pdf)).split("\f").slice(0, pages);
      expect(perPage).toHaveLength(pages);
      for (const [index, page] of perPage.entries()) expect(page).toContain(`Page ${index + 1} of ${pages}`);
      expect(perPage[pages - 4]).toContain(RESUME_TEXT);
      expect(perPage[pages - 1]).toContain("Page two of the transcript");

      // The tags: each box's state is its mark's /Alt; each document page is a Figure inside its
      // divider's section, on its page; no page is left out of the structure tree.
      const tags = await pdfTags(pdf);
      const alts = (alt: string) => tags.filter((tag) => tag.type === "Figure" && tag.alt === alt).length;
      expect(alts("Selected")).toBe(text.split("[X]").length - 1);
      expect(alts("Not selected")).toBe(text.split("[ ]").length - 1);
      expect(alts("Selected")).toBeGreaterThan(5);
      const documentPages = tags.filter((tag) => tag.alt?.includes("of the uploaded document"));
      expect(documentPages.map(({ alt, page }) => [alt, page])).toStrictEqual([
        ["Page 1 of 1 of the uploaded document: Résumé — resume.pdf.", pages - 3],
        ["Page 1 of 2 of the uploaded document: Unofficial transcript — transcript.pdf.", pages - 1],
        ["Page 2 of 2 of the uploaded document: Unofficial transcript — transcript.pdf.", pages],
      ]);
      const dividerSection = tags.findLast((tag) => tag.type === "H1");
      expect(
        tags.slice(tags.indexOf(dividerSection as (typeof tags)[number])).map((tag) => tag.type),
      ).toContain("Figure");
      const tagged = new Set(tags.map((tag) => tag.page));
      for (let page = 1; page <= pages; page++) expect(tagged, `page ${page}`).toContain(page);

      const first = await renderPage(pdf, 1, 36);
      expect([first.width, first.height]).toStrictEqual([306, 396]);
      expect(first.inkRatio()).toBeGreaterThan(0.02);
    },
    SLOW,
  );
});

/** Printers that cannot print, each as a worker could meet it. */
const BROKEN_PRINTERS: [string, () => Promise<ChromiumApplicationPrinter>][] = [
  [
    "the worker has no built client (the service view's stylesheets)",
    async () =>
      new ChromiumApplicationPrinter(printer, printStylesheet(path.join(tmpdir(), "no-client-here")), 20_000),
  ],
  [
    "Chromium is gone (its printer closed)",
    async () => {
      const gone = await PdfPrinter.start(silent);
      await gone.close();
      return new ChromiumApplicationPrinter(gone, printStylesheet(await builtClientDir()), 20_000);
    },
  ],
];

describe("when the application cannot be printed", () => {
  it.each(BROKEN_PRINTERS)(
    "ends FAILED with the message for the applicant: %s",
    async (_case, brokenPrinter) => {
      const broken = await createTestApp({
        applicationPdfs: { printer: await brokenPrinter(), policy: { retryLimit: 0 } },
      });
      try {
        const { cookie } = await signedInUser(broken);
        expect((await putAnswers(broken, cookie, { first_name: "Ada" })).statusCode).toBe(200);
        expect(await settledPdf(broken, cookie, 120_000)).toStrictEqual({
          status: "FAILED",
          url: null,
          message: APPLICATION_PDF_FAILED_MESSAGE,
        });
      } finally {
        await broken.close();
      }
    },
    SLOW,
  );
});
