// Word fields are instructions a word processor runs: most lay out (PAGE, TOC, REF), some fetch
// (INCLUDEPICTURE "http://…", INCLUDETEXT "C:\\…", LINK, DDE, DATABASE). Every field whose name is
// not on the short list below loses its instruction; its last result stays as plain text.
import { W_NAMESPACES, type XmlDocument, type XmlElement } from "./ooxml";

/** Fields that only lay out or show document properties: they read nothing outside the file. */
const LAYOUT_FIELDS = new Set([
  "=",
  "ADVANCE",
  "AUTHOR",
  "BIBLIOGRAPHY",
  "CITATION",
  "COMMENTS",
  "COMPARE",
  "CREATEDATE",
  "DATE",
  "EDITTIME",
  "EQ",
  "FORMCHECKBOX",
  "FORMDROPDOWN",
  "FORMTEXT",
  "HYPERLINK",
  "IF",
  "INDEX",
  "KEYWORDS",
  "LASTSAVEDBY",
  "LISTNUM",
  "NOTEREF",
  "NUMCHARS",
  "NUMPAGES",
  "NUMWORDS",
  "PAGE",
  "PAGEREF",
  "PRINTDATE",
  "QUOTE",
  "REF",
  "REVNUM",
  "SAVEDATE",
  "SECTION",
  "SECTIONPAGES",
  "SEQ",
  "SET",
  "STYLEREF",
  "SUBJECT",
  "SYMBOL",
  "TA",
  "TC",
  "TIME",
  "TITLE",
  "TOA",
  "TOC",
  "XE",
]);

export function isLayoutField(instruction: string): boolean {
  const trimmed = instruction.trim();
  const name = trimmed.startsWith("=") ? "=" : (trimmed.split(/[\s\\]/, 1)[0] ?? "").toUpperCase();
  return LAYOUT_FIELDS.has(name);
}

type ComplexField = {
  beginRun: number;
  instruction: string;
  separateRun?: number;
  endChar?: XmlElement;
  endRun?: number;
};

/** Returns whether anything changed. */
export function neutraliseFields(document: XmlDocument): boolean {
  let changed = false;
  const runs: XmlElement[] = [];
  const open: ComplexField[] = [];
  const finished: ComplexField[] = [];
  const simpleFields: XmlElement[] = [];

  for (const element of Array.from(document.getElementsByTagName("*"))) {
    if (!W_NAMESPACES.has(element.namespaceURI ?? "")) continue;
    const name = element.localName;
    if (name === "r") runs.push(element);
    else if (name === "fldSimple") simpleFields.push(element);
    else if (name === "instrText" || name === "delInstrText") {
      const field = open.at(-1);
      if (field && field.separateRun === undefined) field.instruction += element.textContent ?? "";
    } else if (name === "fldChar") {
      const type = attribute(element, "fldCharType");
      const current = runs.length - 1;
      if (type === "begin") open.push({ beginRun: current, instruction: "" });
      else if (type === "separate") {
        const field = open.at(-1);
        if (field) field.separateRun = current;
      } else if (type === "end") {
        const field = open.pop();
        if (field) finished.push({ ...field, endChar: element, endRun: current });
      }
    }
  }
  // A field left open runs to the end of the part: its instruction is everything after it.
  for (const field of open) finished.push({ ...field, endRun: runs.length - 1 });

  for (const field of finished) {
    if (isLayoutField(field.instruction)) continue;
    changed = true;
    // The runs from the field's start to its result hold only the instruction (and any field
    // nested inside it): remove them. The result's runs stay, without the closing marker.
    const lastInstructionRun = field.separateRun ?? field.endRun ?? field.beginRun;
    for (let i = field.beginRun; i <= lastInstructionRun; i++) remove(runs[i]);
    remove(field.endChar);
  }
  for (const field of simpleFields) {
    if (isLayoutField(attribute(field, "instr") ?? "")) continue;
    changed = true;
    unwrap(field);
  }
  return changed;
}

/** A WordprocessingML attribute (`w:fldCharType`), whichever prefix the part binds. */
function attribute(element: XmlElement, localName: string): string | undefined {
  for (const candidate of Array.from(element.attributes)) {
    if (candidate.localName === localName && W_NAMESPACES.has(candidate.namespaceURI ?? "")) {
      return candidate.value;
    }
  }
  return undefined;
}

function remove(node: XmlElement | undefined): void {
  node?.parentNode?.removeChild(node);
}

function unwrap(element: XmlElement): void {
  const parent = element.parentNode;
  if (!parent) return;
  while (element.firstChild) parent.insertBefore(element.firstChild, element);
  parent.removeChild(element);
}
