// Removes from a Word document everything that would make a converter read something outside the
// upload: external relationships (linked pictures, attached templates, OLE links, subdocuments,
// frames), relationship targets that leave the package, field codes that fetch content
// (INCLUDEPICTURE, INCLUDETEXT, LINK, DDE, DATABASE… anything not on a short list of layout fields),
// alternative-format chunks, mail-merge sources and template style links; and comments. What the reader sees
// stays: a field's last result is kept as plain text, hyperlinks stay clickable (they are not
// followed while converting). LibreOffice and mammoth only ever see the output of this.
import { DOMParser, onErrorStopParsing, XMLSerializer } from "@xmldom/xmldom";
import { refusals } from "../refusals";
import type { ZipEntry } from "../zip/zip-reader";
import { writeZip, type ZipInput } from "../zip/zip-writer";
import { neutraliseFields } from "./neutralise-fields";
import {
  OFFICE_NS,
  R_NAMESPACES,
  RELATIONSHIPS_NS,
  VML_NS,
  W_NAMESPACES,
  type XmlDocument,
  type XmlElement,
} from "./ooxml";
import { decodeXml, encodeXml } from "./xml-text";

/**
 * WordprocessingML elements removed whole: those that pull content from elsewhere, and comment
 * anchors. Comments are not part of the page (Word and LibreOffice leave them out of a PDF), and
 * LibreOffice's UI-less build (libreoffice-writer-nogui) aborts while laying out their margin
 * windows when a document is opened over UNO.
 */
const REMOVED_W_ELEMENTS = new Set([
  "altChunk",
  "subDoc",
  "attachedTemplate",
  "mailMerge",
  "linkStyles",
  "commentRangeStart",
  "commentRangeEnd",
  "commentReference",
]);
/**
 * Relationship types dropped even when internal: alternative-format chunks (HTML, RTF, MHT, which
 * may reference anything) and the comment parts (see above).
 */
const REMOVED_RELATIONSHIP_TYPES = [
  "/aFChunk",
  "/comments",
  "/commentsExtended",
  "/commentsIds",
  "/commentsExtensible",
  "/people",
];
const LINK_SCHEMES = /^(https?|mailto):/i;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** Parts worth parsing: they mention something this module removes (names cannot be escaped in XML). */
const MENTIONS_REMOVABLE =
  /instrText|fldSimple|fldChar|altChunk|subDoc|attachedTemplate|mailMerge|linkStyles|comment|OLEObject|link\s*=|src\s*=|href\s*=/;

/** The sanitised package, as bytes of a new zip. `entries` come from `readDocx` (already checked). */
export function sanitiseDocx(entries: readonly ZipEntry[]): Uint8Array {
  return writeZip(entries.map(sanitiseEntry));
}

function sanitiseEntry(entry: ZipEntry): ZipInput {
  const text = decodeXml(entry.data);
  if (typeof text !== "string") return entry;
  const isRelationships = entry.name.toLowerCase().endsWith(".rels");
  if (!isRelationships && !MENTIONS_REMOVABLE.test(text)) return entry;
  const document = parseXml(text);
  const changed = isRelationships ? dropUnsafeRelationships(document, entry.name) : cleanPart(document);
  return changed
    ? { name: entry.name, data: encodeXml(new XMLSerializer().serializeToString(document)) }
    : entry;
}

function parseXml(text: string): XmlDocument {
  try {
    return new DOMParser({ onError: onErrorStopParsing }).parseFromString(text, "text/xml");
  } catch {
    throw refusals.invalid("docx");
  }
}

function dropUnsafeRelationships(document: XmlDocument, relsName: string): boolean {
  const source = sourcePartFolder(relsName);
  let changed = false;
  for (const relationship of Array.from(document.getElementsByTagNameNS(RELATIONSHIPS_NS, "Relationship"))) {
    const target = relationship.getAttribute("Target") ?? "";
    const type = relationship.getAttribute("Type") ?? "";
    const external = (relationship.getAttribute("TargetMode") ?? "").toLowerCase() === "external";
    const keep = external
      ? type.endsWith("/hyperlink") && LINK_SCHEMES.test(target.trim())
      : !REMOVED_RELATIONSHIP_TYPES.some((removed) => type.endsWith(removed)) &&
        staysInPackage(source, target);
    if (!keep) {
      relationship.parentNode?.removeChild(relationship);
      changed = true;
    }
  }
  return changed;
}

/** `word/_rels/document.xml.rels` → `word/`; `_rels/.rels` → the package root. */
function sourcePartFolder(relsName: string): string[] {
  return relsName.split("/").slice(0, -2);
}

function staysInPackage(sourceFolder: string[], target: string): boolean {
  if (HAS_SCHEME.test(target) || target.startsWith("//") || target.includes("\\")) return false;
  const path = target.startsWith("/") ? [] : [...sourceFolder];
  for (const segment of target.split(/[?#]/)[0]?.split("/") ?? []) {
    if (segment === "..") {
      if (path.length === 0) return false;
      path.pop();
    } else if (segment !== "" && segment !== ".") {
      path.push(segment);
    }
  }
  return true;
}

/** Field codes, removed elements, linked pictures and OLE links, and VML sources in one XML part. */
function cleanPart(document: XmlDocument): boolean {
  let changed = neutraliseFields(document);
  for (const element of Array.from(document.getElementsByTagName("*"))) {
    const ns = element.namespaceURI ?? "";
    const name = element.localName ?? "";
    const removed =
      (W_NAMESPACES.has(ns) && REMOVED_W_ELEMENTS.has(name)) ||
      (ns === OFFICE_NS && name === "OLEObject" && element.getAttribute("Type") === "Link");
    if (removed) {
      element.parentNode?.removeChild(element);
      changed = true;
      continue;
    }
    changed = removeLinkAttributes(element) || changed;
  }
  return changed;
}

/** `r:link` (a picture linked instead of embedded) anywhere; `src`/`href` on VML shapes. */
function removeLinkAttributes(element: XmlElement): boolean {
  const vml = element.namespaceURI === VML_NS || element.namespaceURI === OFFICE_NS;
  let changed = false;
  for (const attribute of Array.from(element.attributes)) {
    const ns = attribute.namespaceURI ?? "";
    const name = attribute.localName ?? "";
    const linked = R_NAMESPACES.has(ns) && name === "link";
    const vmlSource = vml && (name === "src" || name === "href");
    if (linked || vmlSource) {
      element.removeAttributeNode(attribute);
      changed = true;
    }
  }
  return changed;
}
