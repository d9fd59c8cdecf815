// Opens an upload as a Word document: a safe zip (zip-reader) holding `[Content_Types].xml` and
// `word/document.xml`, whose XML parts declare no DTD (external entities would read files).
import { refusals } from "../refusals";
import { readZip, type ZipEntry, ZipRefused } from "../zip/zip-reader";
import { decodeXml } from "./xml-text";

export function readDocx(bytes: Uint8Array): ZipEntry[] {
  let entries: ZipEntry[];
  try {
    entries = readZip(bytes);
  } catch (error) {
    if (!(error instanceof ZipRefused)) throw error;
    if (error.problem === "bomb") throw refusals.zipBomb();
    if (error.problem === "unsafe-name") throw refusals.unsafeEntryNames();
    throw refusals.invalid("docx");
  }
  const names = new Set(entries.map((entry) => entry.name.toLowerCase()));
  if (!names.has("[content_types].xml") || !names.has("word/document.xml")) throw refusals.invalid("docx");
  for (const entry of entries) {
    const text = decodeXml(entry.data);
    if (text === null) continue;
    if (text === undefined || /<!DOCTYPE|<!ENTITY/i.test(text)) throw refusals.invalid("docx");
  }
  return entries;
}
