// The page before each attached document in the application PDF: which question the document
// answers and its file name, so a reader of the printed PDF knows what follows. The job adds these
// pages to the service view it prints (decision 0013), after the three steps, so one Chromium print
// makes the application and its dividers: tagged like the rest, each divider's heading a top-level
// entry of Chromium's outline (after the steps), in the page's own fonts and any script.

export type Divider = {
  /** "Attached document: Résumé — resume.pdf" (the heading, and so the outline entry). */
  title: string;
  /** Pages of the document that follows. */
  pages: number;
};

/** The class of a divider's section in the printed page. */
export const DIVIDER_CLASS = "application-pdf-divider";

/**
 * Runs in the printed page (page.evaluate: self-contained, nothing from this module's scope): one
 * section per divider, each on a page of its own, appended to the rendering's `main`. Text goes in
 * as text nodes, never as markup.
 */
export function addDividers(dividers: readonly Divider[]): void {
  const style = document.createElement("style");
  style.textContent = `
    .application-pdf-divider { break-before: page; break-after: page; padding-top: 2.5in; }
    .application-pdf-divider h1 { margin: 0 0 1rem; overflow-wrap: anywhere; }
    .application-pdf-divider p { margin: 0; }
  `;
  document.head.append(style);
  const main = document.querySelector("main") ?? document.body;
  for (const { title, pages } of dividers) {
    const section = document.createElement("section");
    section.className = "application-pdf-divider";
    const heading = document.createElement("h1");
    heading.textContent = title;
    const note = document.createElement("p");
    note.textContent = `The next ${pages === 1 ? "page is" : `${pages} pages are`} the document the applicant uploaded, converted to PDF.`;
    section.append(heading, note);
    main.append(section);
  }
}
