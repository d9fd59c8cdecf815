import { ENGLISH_SERVICE_WORDS, type ServiceWords } from "../../src/features/service-view/service-words";

// The page before each attached document in the application PDF: which question the document
// answers and its file name, so a reader of the printed PDF knows what follows. They come after
// the three steps in the document the job prints (decision 0013), so one Chromium print makes the
// application and its dividers: tagged like the rest, each divider's heading a top-level entry of
// Chromium's outline (after the steps), in the page's own fonts and any script. After each divider
// come as many empty pages as its document has (hidden from the tags): the print's own "Page N of
// M" then counts and numbers every page of the finished PDF, and the assembly draws each document
// page onto its empty page, tagged (assemble-application-pdf.ts, issue 37).

export type Divider = {
  /** "Attached document: Résumé — resume.pdf" (the heading, and so the outline entry). */
  title: string;
  /** Pages of the document that follows. */
  pages: number;
};

/** Each divider on a page of its own, its text well down the page. */
export const DIVIDER_CSS = `
.application-pdf-divider { break-before: page; break-after: page; padding-top: 2.5in; }
.application-pdf-divider h1 { margin: 0 0 1rem; overflow-wrap: anywhere; }
.application-pdf-divider p { margin: 0; }
.application-pdf-page { break-before: page; height: 1px; }
`;

export function DividerPages({
  dividers,
  words = ENGLISH_SERVICE_WORDS,
}: {
  dividers: readonly Divider[];
  words?: ServiceWords;
}) {
  return dividers.map(({ title, pages }, index) => (
    <section key={index} className="application-pdf-divider">
      <h1>{title}</h1>
      <p>{words.nextPages(pages)}</p>
      {Array.from({ length: pages }, (_, page) => (
        <div key={page} className="application-pdf-page" aria-hidden="true" />
      ))}
    </section>
  ));
}
