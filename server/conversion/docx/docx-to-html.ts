// The simplified path for Word documents when LibreOffice is not installed: mammoth turns the
// (sanitised) document into semantic HTML — headings, paragraphs, lists, tables, footnotes,
// embedded pictures as data: URLs — which Chromium prints. Layout (columns, text boxes' positions,
// headers and footers, exact fonts) is not kept; the text is.
import mammoth from "mammoth";
import { refusals } from "../refusals";

const STYLE = `
  body { font-family: "Liberation Serif", "Times New Roman", Times, serif; font-size: 12pt; line-height: 1.35; color: #000; }
  h1, h2, h3, h4, h5, h6 { font-family: "Liberation Sans", Arial, Helvetica, sans-serif; line-height: 1.2; }
  p { margin: 0 0 0.6em; }
  img { max-width: 100%; height: auto; }
  table { border-collapse: collapse; margin: 0 0 0.8em; }
  td, th { border: 1px solid #444; padding: 0.2em 0.4em; vertical-align: top; }
`;

export async function docxToHtml(docx: Uint8Array): Promise<string> {
  let value: string;
  try {
    // externalFileAccess stays off (mammoth's default, said here so it is never turned on by accident).
    ({ value } = await mammoth.convertToHtml({ buffer: Buffer.from(docx) }, { externalFileAccess: false }));
  } catch {
    throw refusals.invalid("docx"); // it passed our checks, but its content is not a readable document
  }
  return `<!doctype html><html><head><meta charset="utf-8"><style>${STYLE}</style></head><body>${value}</body></html>`;
}
