import {
  type PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFPage,
  type PDFRef,
} from "pdf-lib";

// The application PDF from its parts (decision 0013): Chromium's print of the service view (tagged,
// with an outline of steps, sections and blocks) stays the document; after it, for each converted
// document, its divider page and its pages, each divider also a top-level bookmark after the steps.

export type AppendedDocument = {
  /** The outline entry (the divider's heading). */
  title: string;
  /** The converted document (our own normalised PDF, decision 0010). */
  pdf: Uint8Array;
};

export type AssembledPdf = { pdf: Uint8Array; pages: number };

/**
 * Appends each document after its divider to `application`, and a bookmark per document pointing
 * at its divider. `printDividers` gets each document's page count and answers one page per
 * document, in order. Without documents the print is returned as it is.
 */
export async function assembleApplicationPdf(
  application: Uint8Array,
  documents: readonly AppendedDocument[],
  printDividers: (pageCounts: number[]) => Promise<Uint8Array>,
): Promise<AssembledPdf> {
  const doc = await PDFDocument.load(application, { updateMetadata: false });
  if (documents.length === 0) return { pdf: application, pages: doc.getPageCount() };
  const sources = await Promise.all(documents.map((document) => PDFDocument.load(document.pdf)));
  const dividerDoc = await PDFDocument.load(
    await printDividers(sources.map((source) => source.getPageCount())),
  );
  if (dividerDoc.getPageCount() !== documents.length) {
    throw new Error(
      `expected one divider page per document (${documents.length}), got ${dividerDoc.getPageCount()}`,
    );
  }
  const dividerPages = await doc.copyPages(dividerDoc, dividerDoc.getPageIndices());
  const bookmarks: { title: string; page: PDFRef }[] = [];
  for (const [index, document] of documents.entries()) {
    const divider = dividerPages[index] as PDFPage;
    appendUntagged(doc, divider);
    bookmarks.push({ title: document.title, page: divider.ref });
    const source = sources[index] as PDFDocument;
    for (const page of await doc.copyPages(source, source.getPageIndices())) appendUntagged(doc, page);
  }
  appendBookmarks(doc, bookmarks);
  // Open with the bookmarks shown: the outline is how a reader finds a step or a document.
  doc.catalog.set(PDFName.of("PageMode"), PDFName.of("UseOutlines"));
  return { pdf: await doc.save(), pages: doc.getPageCount() };
}

/**
 * Adds a page from another document. Its `StructParents` would index the application's structure
 * tree (the print's tags) and so attach its content to the wrong elements: it goes. The appended
 * pages are untagged.
 */
function appendUntagged(doc: PDFDocument, page: PDFPage): void {
  page.node.delete(PDFName.of("StructParents"));
  doc.addPage(page);
}

/** Top-level outline items after the existing ones (the steps), each opening its page whole. */
function appendBookmarks(doc: PDFDocument, bookmarks: readonly { title: string; page: PDFRef }[]): void {
  const { context } = doc;
  const existing = doc.catalog.lookupMaybe(PDFName.of("Outlines"), PDFDict);
  const root = existing ?? context.obj({ Type: "Outlines" });
  const rootRef = existing ? (doc.catalog.get(PDFName.of("Outlines")) as PDFRef) : context.register(root);
  if (!existing) doc.catalog.set(PDFName.of("Outlines"), rootRef);

  let previous = root.get(PDFName.of("Last")) as PDFRef | undefined;
  for (const { title, page } of bookmarks) {
    const item = context.obj({
      Title: PDFHexString.fromText(title),
      Parent: rootRef,
      Dest: context.obj([page, PDFName.of("Fit")]) as PDFArray,
    });
    const ref = context.register(item);
    if (previous) {
      item.set(PDFName.of("Prev"), previous);
      context.lookup(previous, PDFDict).set(PDFName.of("Next"), ref);
    } else {
      root.set(PDFName.of("First"), ref);
    }
    root.set(PDFName.of("Last"), ref);
    previous = ref;
  }
  // The root's Count is the number of items shown when the outline opens: ours are all top level.
  const count = root.lookupMaybe(PDFName.of("Count"), PDFNumber)?.asNumber() ?? 0;
  root.set(PDFName.of("Count"), PDFNumber.of(Math.abs(count) + bookmarks.length));
}
