import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRef, PDFString } from "pdf-lib";

// A tag reader for tests: the structure elements of a tagged PDF in reading order, each with its
// type, its /Alt, and the page (1-based) its own content is on. Poppler's `pdfinfo -struct` shows
// the tree but not /Alt.

export type Tag = { type: string; alt: string | undefined; page: number | undefined; depth: number };

export async function pdfTags(pdf: Uint8Array): Promise<Tag[]> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const pages = doc.getPages().map((page) => page.ref);
  const root = doc.catalog.lookupMaybe(PDFName.of("StructTreeRoot"), PDFDict);
  const tags: Tag[] = [];
  const walk = (element: PDFDict, depth: number) => {
    const kids = element.get(PDFName.of("K"));
    for (const kid of kids instanceof PDFArray ? kids.asArray() : kids ? [kids] : []) {
      if (!(kid instanceof PDFRef)) continue;
      const dict = doc.context.lookup(kid);
      if (!(dict instanceof PDFDict)) continue;
      const type = dict.get(PDFName.of("S"));
      if (!(type instanceof PDFName)) continue;
      const alt = dict.lookup(PDFName.of("Alt"));
      const pg = dict.get(PDFName.of("Pg"));
      tags.push({
        type: type.decodeText(),
        alt: alt instanceof PDFString || alt instanceof PDFHexString ? alt.decodeText() : undefined,
        page: pg instanceof PDFRef ? pages.indexOf(pg) + 1 : undefined,
        depth,
      });
      walk(dict, depth + 1);
    }
  };
  if (root) walk(root, 0);
  return tags;
}
