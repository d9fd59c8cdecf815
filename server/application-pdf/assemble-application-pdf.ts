import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  type PDFPage,
  PDFRef,
  PDFString,
} from "pdf-lib";

// The application PDF from its parts (decision 0013): Chromium's print of the service view stays
// the document (tagged, with an outline of steps, sections and blocks, then one top-level entry
// per divider page the job added); each converted document's pages go in right after its divider.

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
 * Inserts each document's pages after the page its divider's outline entry opens, and names the
 * outline as the one to show when the PDF opens. Without documents the print is returned as it is.
 * Throws when a divider is missing from the print's outline (nothing is attached under a wrong
 * heading).
 */
export async function assembleApplicationPdf(
  application: Uint8Array,
  documents: readonly AppendedDocument[],
): Promise<AssembledPdf> {
  const doc = await PDFDocument.load(application, { updateMetadata: false });
  if (documents.length === 0) return { pdf: application, pages: doc.getPageCount() };
  const outline = topLevelOutline(doc).slice(-documents.length);
  const pageRefs = doc.getPages().map((page) => page.ref);
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
  // From the last divider back, so the earlier dividers' indexes stay true.
  for (let index = documents.length - 1; index >= 0; index--) {
    const source = await PDFDocument.load((documents[index] as AppendedDocument).pdf);
    const pages = await doc.copyPages(source, source.getPageIndices());
    const after = dividerIndexes[index] as number;
    for (const [offset, page] of pages.entries()) insertUntagged(doc, page, after + 1 + offset);
  }
  // Open with the bookmarks shown: the outline is how a reader finds a step or a document.
  doc.catalog.set(PDFName.of("PageMode"), PDFName.of("UseOutlines"));
  return { pdf: await doc.save(), pages: doc.getPageCount() };
}

/**
 * Adds a page of another document. Its `StructParents` would index the application's structure
 * tree (the print's tags) and so attach its content to the wrong elements: it goes. The inserted
 * pages are untagged.
 */
function insertUntagged(doc: PDFDocument, page: PDFPage, index: number): void {
  page.node.delete(PDFName.of("StructParents"));
  doc.insertPage(index, page);
}
