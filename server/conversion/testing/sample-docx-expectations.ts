// What a reader must find in the PDF of each sample Word document (build-docx.ts: mammoth's test data).
import type { SampleDocxName } from "./build-docx";

type Expectation = {
  /** Text pdftotext must find (whitespace collapsed). */
  text: string[];
  /** Whether the rendered page has anything on it. */
  ink: boolean;
  /** Pictures the PDF must carry. */
  images: number;
};

export const SAMPLE_DOCX_EXPECTATIONS: Record<SampleDocxName, Expectation> = {
  "comments.docx": { text: ["Ouch."], ink: true, images: 0 },
  "empty.docx": { text: [], ink: false, images: 0 },
  // Its only content is a picture linked from outside the file: never fetched, so nothing shows.
  "external-picture.docx": { text: [], ink: false, images: 0 },
  "footnotes.docx": { text: ["Ouch", "A tachyon walks into a bar.", "Fin."], ink: true, images: 0 },
  "simple-list.docx": { text: ["Apple", "Banana"], ink: true, images: 0 },
  "strict-format.docx": { text: ["Test"], ink: true, images: 0 },
  "tables.docx": {
    text: ["Above", "Top left", "Top right", "Bottom left", "Bottom right", "Below"],
    ink: true,
    images: 0,
  },
  "text-box.docx": { text: ["Datum plane"], ink: true, images: 0 },
  "tiny-picture.docx": { text: [], ink: true, images: 1 },
  "utf8-bom.docx": { text: ["This XML has a byte order mark."], ink: true, images: 0 },
};

export function normalisedText(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
