import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  PDFRef,
} from "pdf-lib";

// The attached documents' pages in the application PDF's structure tree (WCAG 1.3.1, issue 37):
// each page drawn on the print's empty page is one marked-content sequence, the content of a
// Figure element inside its divider's section, after the divider's heading and sentence, with an
// /Alt that says which page of which document it is. Chromium's tagged print is extended the way
// a tagged PDF is: the page's /StructParents entry of the parent tree lists the elements of its
// marked content by MCID. The documents' own text is not tagged (converted PDFs have no tags of
// their own): a reader hears what each page is, and the original file holds its words.

const name = PDFName.of;

export class DocumentPageTags {
  private readonly nums: PDFArray;
  private readonly root: PDFDict;

  /** The print's tags, or undefined for a print without a structure tree (a test's stand-in). */
  static of(doc: PDFDocument): DocumentPageTags | undefined {
    const root = doc.catalog.lookupMaybe(name("StructTreeRoot"), PDFDict);
    if (!root) return undefined;
    const nums = root.lookupMaybe(name("ParentTree"), PDFDict)?.lookupMaybe(name("Nums"), PDFArray);
    if (!nums) throw new Error("the print's structure tree has no flat parent tree");
    return new DocumentPageTags(doc, root, nums);
  }

  private constructor(
    private readonly doc: PDFDocument,
    root: PDFDict,
    nums: PDFArray,
  ) {
    this.root = root;
    this.nums = nums;
  }

  /**
   * The structure element of the divider printed on `dividerPage`: the element whose child is
   * the H1 drawn on that page.
   */
  sectionOf(dividerPage: PDFRef): PDFRef {
    const found = this.find(this.root, (element) =>
      this.kids(element).some(
        ({ dict }) => dict.get(name("S")) === name("H1") && this.drawnOn(dict, dividerPage),
      ),
    );
    if (!found) throw new Error("the divider's heading is not in the print's structure tree");
    return found;
  }

  /** Draws with `draw` on `page` as a Figure of `section` named `alt`. */
  drawFigure(page: PDFPage, section: PDFRef, alt: string, draw: () => void): void {
    const marked = this.markedContentOf(page);
    const mcid = marked.size();
    page.pushOperators(
      PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [name("Figure"), `<</MCID ${mcid}>>`]),
    );
    draw();
    page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
    const figure = this.doc.context.register(
      this.doc.context.obj({
        Type: "StructElem",
        S: "Figure",
        P: section,
        Pg: page.ref,
        K: mcid,
        Alt: PDFHexString.fromText(alt),
      }),
    );
    marked.push(figure);
    const parent = this.doc.context.lookup(section, PDFDict);
    const kids = parent.get(name("K"));
    if (kids instanceof PDFArray) kids.push(figure);
    else
      parent.set(
        name("K"),
        kids === undefined ? this.doc.context.obj([figure]) : this.doc.context.obj([kids, figure]),
      );
  }

  /** The parent tree's array for `page`'s marked content, made (with a new key) if it has none. */
  private markedContentOf(page: PDFPage): PDFArray {
    const key = page.node.get(name("StructParents"));
    if (key instanceof PDFNumber) {
      for (let index = 0; index < this.nums.size(); index += 2) {
        if ((this.nums.get(index) as PDFNumber | undefined)?.asNumber() === key.asNumber()) {
          return this.nums.lookup(index + 1, PDFArray);
        }
      }
    }
    let next = 0;
    for (let index = 0; index < this.nums.size(); index += 2) {
      next = Math.max(next, ((this.nums.get(index) as PDFNumber).asNumber() ?? 0) + 1);
    }
    const stated = this.root.get(name("ParentTreeNextKey"));
    if (stated instanceof PDFNumber) next = Math.max(next, stated.asNumber());
    const marked = this.doc.context.obj([]);
    this.nums.push(PDFNumber.of(next));
    this.nums.push(this.doc.context.register(marked));
    page.node.set(name("StructParents"), PDFNumber.of(next));
    this.root.set(name("ParentTreeNextKey"), PDFNumber.of(next + 1));
    return marked;
  }

  /** The structure elements among `element`'s /K, with their references. */
  private kids(element: PDFDict): { ref: PDFRef; dict: PDFDict }[] {
    const k = element.get(name("K"));
    const refs = k instanceof PDFArray ? k.asArray() : k === undefined ? [] : [k];
    return refs.flatMap((ref) => {
      if (!(ref instanceof PDFRef)) return [];
      const dict = this.doc.context.lookup(ref);
      return dict instanceof PDFDict && dict.get(name("S")) !== undefined ? [{ ref, dict }] : [];
    });
  }

  /** Whether `element` or one of its descendants has content on `page`. */
  private drawnOn(element: PDFDict, page: PDFRef): boolean {
    if (element.get(name("Pg")) === page) return true;
    return this.kids(element).some(({ dict }) => this.drawnOn(dict, page));
  }

  /** The first element (depth first, in reading order) below `from` that `test` accepts. */
  private find(from: PDFDict, test: (element: PDFDict) => boolean): PDFRef | undefined {
    for (const { ref, dict } of this.kids(from)) {
      if (test(dict)) return ref;
      const below = this.find(dict, test);
      if (below) return below;
    }
    return undefined;
  }
}
