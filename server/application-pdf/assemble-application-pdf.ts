import {
  PDFArray,
  PDFDict,
  PDFDocument,
  type PDFEmbeddedPage,
  PDFHexString,
  PDFName,
  type PDFPage,
  PDFRef,
  PDFString,
} from "pdf-lib";
import { DocumentPageTags } from "./document-page-tags";

// The application PDF from its parts (decision 0013): Chromium's print of the service view stays
// the document (tagged, with an outline of steps, sections and blocks, then one top-level entry
// per divider page the job added); each converted document's pages are drawn on the empty pages the
// print keeps for them after its divider, tagged (issue 37).

export type AppendedDocument = {
  /** Its divider's heading: the top-level outline entry that points at the divider page. */
  title: string;
  /** The converted document (our own normalised PDF, decision 0010). */
  pdf: Uint8Array;
};

export type AssembledPdf = { pdf: Uint8Array; pages: number };

/** Pages of each document, for the dividers' "The next N pages…". */
export async function pageCounts(documents: readonly AppendedDocument[]): Promise<number[]> {
  return Promise.all(
    documents.map(async (document) => (await PDFDocument.load(document.pdf)).getPageCount()),
  );
}

type OutlineEntry = { item: PDFDict; title: string; page: PDFRef | undefined };

/**
 * Chromium takes an entry's title from the heading's lines and drops the space where a long one
 * wraps ("Unofficial transcript —transcript.pdf"): titles are compared without their spaces.
 */
function squashed(title: string): string {
  return title.replace(/\s+/g, "");
}

function textOf(value: unknown): string {
  return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : "";
}

/** The outline's top-level entries, in order, with the page each opens (explicit destinations). */
function topLevelOutline(doc: PDFDocument): OutlineEntry[] {
  const root = doc.catalog.lookupMaybe(PDFName.of("Outlines"), PDFDict);
  const entries: OutlineEntry[] = [];
  let item = root?.lookupMaybe(PDFName.of("First"), PDFDict);
  for (let guard = 0; item && guard < 10_000; guard++) {
    const dest = item.lookupMaybe(PDFName.of("Dest"), PDFArray)?.get(0);
    entries.push({
      item,
      title: textOf(item.lookup(PDFName.of("Title"))),
      page: dest instanceof PDFRef ? dest : undefined,
    });
    item = item.lookupMaybe(PDFName.of("Next"), PDFDict);
  }
  return entries;
}

/**
 * Draws each document's pages onto the empty pages the print left after its divider (so the
 * print's "Page N of M" numbers every page), each tagged as a Figure inside its divider's
 * section of the structure tree (document-pages-tags.ts), and names the outline as the one to
 * show when the PDF opens. Without documents the print is returned as it is. Throws when a
 * divider is missing from the print's outline or is not followed by its document's number of
 * pages (nothing is attached under a wrong heading).
 */
export async function assembleApplicationPdf(
  application: Uint8Array,
  documents: readonly AppendedDocument[],
): Promise<AssembledPdf> {
  const doc = await PDFDocument.load(application, { updateMetadata: false });
  if (documents.length === 0) return { pdf: application, pages: doc.getPageCount() };
  const outline = topLevelOutline(doc).slice(-documents.length);
  const pages = doc.getPages();
  const pageRefs = pages.map((page) => page.ref);
  const dividerIndexes = documents.map((document, index) => {
    const entry = outline[index];
    const at = entry?.page ? pageRefs.indexOf(entry.page) : -1;
    if (!entry || squashed(entry.title) !== squashed(document.title) || at < 0) {
      throw new Error(`the print has no divider page for "${document.title}" in its outline`);
    }
    // The bookmark says it as the heading does, spaces and all.
    entry.item.set(PDFName.of("Title"), PDFHexString.fromText(document.title));
    return at;
  });
  const tags = DocumentPageTags.of(doc);
  for (const [index, document] of documents.entries()) {
    const source = await PDFDocument.load(document.pdf);
    const divider = dividerIndexes[index] as number;
    const next = dividerIndexes[index + 1] ?? pages.length;
    if (next - divider - 1 !== source.getPageCount()) {
      throw new Error(
        `the print has ${next - divider - 1} pages for "${document.title}", not ${source.getPageCount()}`,
      );
    }
    const section = tags?.sectionOf(pageRefs[divider] as PDFRef);
    const count = source.getPageCount();
    for (const [offset, sourcePage] of source.getPages().entries()) {
      const target = pages[divider + 1 + offset] as PDFPage;
      // A page without content (a blank page) cannot be embedded; its empty page stays blank.
      const page = sourcePage.node.Contents() ? await doc.embedPage(sourcePage) : null;
      const alt = `Page ${offset + 1} of ${count} of the uploaded document: ${document.title.replace(/^Attached document: /, "")}${page ? "" : " (a blank page)"}.`;
      const draw = () => {
        if (page) drawFitted(target, page);
      };
      if (tags && section) tags.drawFigure(target, section, alt, draw);
      else draw();
    }
  }
  // Open with the bookmarks shown: the outline is how a reader finds a step or a document.
  doc.catalog.set(PDFName.of("PageMode"), PDFName.of("UseOutlines"));
  return { pdf: await doc.save(), pages: doc.getPageCount() };
}

/** The print's margins (service-view.css `@page`: 18 mm 16 mm 20 mm), in points. */
const MARGIN = { top: 51, side: 45.5, bottom: 57 };

/** A document page drawn whole inside the page's margins, centred, keeping its proportions. */
function drawFitted(target: PDFPage, page: PDFEmbeddedPage): void {
  const { width, height } = target.getSize();
  const box = { width: width - 2 * MARGIN.side, height: height - MARGIN.top - MARGIN.bottom };
  const scale = Math.min(box.width / page.width, box.height / page.height);
  const drawn = { width: page.width * scale, height: page.height * scale };
  target.drawPage(page, {
    x: (width - drawn.width) / 2,
    y: MARGIN.bottom + (box.height - drawn.height) / 2,
    width: drawn.width,
    height: drawn.height,
  });
}
