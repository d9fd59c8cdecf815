// Names shared by the Word-document modules: OOXML namespaces in both their Transitional and
// Strict spellings (Strict documents use the purl.oclc.org ones), and the xmldom types.
import type { DOMParser } from "@xmldom/xmldom";

export type XmlDocument = ReturnType<DOMParser["parseFromString"]>;
export type XmlElement = XmlDocument["documentElement"] & {};

export const RELATIONSHIPS_NS = "http://schemas.openxmlformats.org/package/2006/relationships";
export const W_NAMESPACES = new Set([
  "http://schemas.openxmlformats.org/wordprocessingml/2006/main",
  "http://purl.oclc.org/ooxml/wordprocessingml/main",
]);
export const R_NAMESPACES = new Set([
  "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
  "http://purl.oclc.org/ooxml/officeDocument/relationships",
]);
export const VML_NS = "urn:schemas-microsoft-com:vml";
export const OFFICE_NS = "urn:schemas-microsoft-com:office:office";
