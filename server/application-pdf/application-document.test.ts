// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { formPages } from "../../src/form/pages/form-pages";
import { TWO_COLLEGE_APPLICATION, TWO_COLLEGE_COUNTS } from "../../tests/helpers/complete-application";
import { applicationDocument, type PrintedApplication } from "./application-document";
import { pdfLanguage } from "./pdf-language";

// The document the application PDF job prints: the service view's markup with the stylesheets it
// is given, the divider pages after the steps, and the applicant's text only ever as text.

const HOSTILE = `Ada</title></style><script>document.title = "x"</script><img src="https://elsewhere.example/t.png">`;

const APPLICATION = {
  answer: TWO_COLLEGE_APPLICATION,
  add_another: TWO_COLLEGE_COUNTS,
  document_answer: {},
  tabs: {},
};

function parsed(printed: Partial<PrintedApplication>, stylesheet = ".service-view { color: navy }") {
  const html = applicationDocument(
    {
      application: APPLICATION,
      pages: formPages,
      dividers: [],
      ...printed,
    },
    stylesheet,
  );
  return { html, document: new DOMParser().parseFromString(html, "text/html") };
}

describe("the application document", () => {
  it("is the service view's steps with the stylesheets it is given, named after the applicant", () => {
    const { html, document } = parsed({}, ".service-view > p { color: navy }");
    expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true);
    expect(document.title).toBe("Ada Lovelace: Northbridge University Transfer & Accelerated Application");
    const styles = [...document.querySelectorAll("style")].map((style) => style.textContent);
    expect(styles[0]).toBe(".service-view > p { color: navy }");
    // The applicant's name in every page's top margin.
    expect(styles.join("\n")).toContain('@top-left { content: "Ada Lovelace"; }');
    expect([...document.querySelectorAll("main h1")].map((h1) => h1.textContent)).toStrictEqual([
      "Step One: About You",
      "Step Two: Your Academics",
      "Step Three: Final Steps",
    ]);
    expect(document.querySelector("main")?.textContent).toContain("Riverside Cmty College (CEEB 4658)");
  });

  it("puts a divider page per document after the steps, in their order", () => {
    const { document } = parsed({
      dividers: [
        { title: "Attached document: Résumé — resume.pdf", pages: 1 },
        { title: "Attached document: Unofficial transcript — transcript.pdf", pages: 2 },
      ],
    });
    const headings = [...document.querySelectorAll("main h1")].map((h1) => h1.textContent);
    expect(headings.slice(3)).toStrictEqual([
      "Attached document: Résumé — resume.pdf",
      "Attached document: Unofficial transcript — transcript.pdf",
    ]);
    const dividers = [...document.querySelectorAll("main > section.application-pdf-divider")];
    expect(dividers.map((divider) => divider.querySelector("p")?.textContent)).toStrictEqual([
      "The next page is the document the applicant uploaded, converted to PDF.",
      "The next 2 pages are the document the applicant uploaded, converted to PDF.",
    ]);
    expect(document.querySelector("main > :last-child")).toBe(dividers.at(-1));
  });

  it("keeps the applicant's text as text: no markup of theirs, no script, nothing to load", () => {
    const { document } = parsed({
      application: {
        ...APPLICATION,
        answer: { ...TWO_COLLEGE_APPLICATION, first_name: HOSTILE, last_name: "O'Brien" },
      },
      dividers: [{ title: `Attached document: ${HOSTILE}`, pages: 1 }],
    });
    expect(document.querySelectorAll("script, img, link, iframe, object")).toHaveLength(0);
    expect(document.title).toBe(
      `${HOSTILE} O'Brien: Northbridge University Transfer & Accelerated Application`,
    );
    expect(document.querySelector("main")?.textContent).toContain(HOSTILE);
    expect(document.querySelector(".application-pdf-divider h1")?.textContent).toBe(
      `Attached document: ${HOSTILE}`,
    );
  });
});

describe("the applicant's copy in Spanish (issue 35)", () => {
  const spanish = pdfLanguage(formPages, "es");
  const english = pdfLanguage(formPages, "en");

  it("is in Spanish: its language, steps, choices, dates and options (the office's stays English)", () => {
    const { html, document } = parsed({ pages: spanish.pages, words: spanish.words });
    expect(html.startsWith('<!doctype html><html lang="es">')).toBe(true);
    expect([...document.querySelectorAll("main h1")].map((h1) => h1.textContent)).toStrictEqual([
      "Paso uno: Sobre usted",
      "Paso dos: Sus estudios",
      "Paso tres: Pasos finales",
    ]);
    const text = document.querySelector("main")?.textContent ?? "";
    expect(text).toContain("1 de mayo de 2000");
    // The stored _desc is English ("Female"); the Spanish copy reads the option's Spanish label.
    expect(text).toContain("Femenino");
    expect(text).not.toContain("Female");
    expect(document.querySelector('[role="img"][aria-label="Seleccionado"]')).not.toBeNull();
    expect(document.querySelector('[role="img"][aria-label="Selected"]')).toBeNull();
    const styles = [...document.querySelectorAll("style")].map((style) => style.textContent).join("\n");
    expect(styles).toContain('content: "Página " counter(page) " de " counter(pages)');

    const office = parsed({ pages: english.pages, words: english.words });
    expect(office.html.startsWith('<!doctype html><html lang="en">')).toBe(true);
    expect(office.document.querySelector("main")?.textContent).toContain("May 1, 2000");
    expect(office.document.querySelector("main")?.textContent).toContain("Female");
  });

  it("says in Spanish what follows a divider", () => {
    const { document } = parsed({
      pages: spanish.pages,
      words: spanish.words,
      dividers: [{ title: spanish.words.attachedDocument("Currículum", "cv.pdf"), pages: 2 }],
    });
    const divider = document.querySelector(".application-pdf-divider");
    expect(divider?.querySelector("h1")?.textContent).toBe("Documento adjunto: Currículum — cv.pdf");
    expect(divider?.querySelector("p")?.textContent).toBe(
      "Las 2 páginas siguientes son el documento que subió el solicitante, convertido a PDF.",
    );
  });
});
