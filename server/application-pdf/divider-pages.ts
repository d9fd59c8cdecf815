// The page before each attached document in the application PDF: which question the document
// answers and its file name, so a reader of the printed PDF knows what follows. Printed by Chromium
// (any script and any file name print correctly, and the page is tagged) from HTML that loads
// nothing (printHtml allows inline styles only).

export type Divider = {
  /** "Attached document: Résumé — resume.pdf" (also the outline entry). */
  title: string;
  /** The applicant's name, as in the top margin of the application's pages. */
  applicant: string;
  /** Pages of the document that follows. */
  pages: number;
};

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** A heading and a sentence per divider, one divider per Letter page. */
export function dividerHtml(dividers: readonly Divider[]): string {
  const pages = dividers.map(
    ({ title, applicant, pages }) => `<section>
  <p class="applicant">${escapeHtml(applicant)}</p>
  <h1>${escapeHtml(title)}</h1>
  <p>The next ${pages === 1 ? "page is" : `${pages} pages are`} the document the applicant uploaded, converted to PDF.</p>
</section>`,
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Attached documents</title>
<style>
  @page { size: Letter; margin: 1in; }
  body { font-family: "DejaVu Sans", "Noto Sans", Arial, sans-serif; color: #1b1f24; margin: 0; }
  section { break-after: page; padding-top: 2.5in; }
  section:last-child { break-after: auto; }
  .applicant { color: #555; font-size: 10pt; margin: 0 0 1rem; }
  h1 { font-size: 20pt; color: #1f3a5f; margin: 0 0 1rem; overflow-wrap: anywhere; }
  p { font-size: 11pt; margin: 0; }
</style>
</head>
<body>
${pages.join("\n")}
</body>
</html>
`;
}
