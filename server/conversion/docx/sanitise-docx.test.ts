// What the sanitiser leaves for the engines: no way out of the package, the reader's text intact.
import { describe, expect, it } from "vitest";
import { editDocx, externalPictureDocx, fieldDocx, sampleDocx } from "../testing/build-docx";
import { readZip } from "../zip/zip-reader";
import { readDocx } from "./read-docx";
import { sanitiseDocx } from "./sanitise-docx";

function part(docx: Uint8Array, name: string): string {
  const entry = readZip(docx).find((candidate) => candidate.name === name);
  return Buffer.from(entry?.data ?? []).toString("utf8");
}

const sanitise = (docx: Uint8Array) => sanitiseDocx(readDocx(docx));

describe("sanitiseDocx", () => {
  it("drops the external picture relationship and the picture's link to it", () => {
    const output = sanitise(sampleDocx("external-picture.docx"));
    const rels = part(output, "word/_rels/document.xml.rels");
    expect(rels).not.toContain("tiny-picture.png");
    expect(rels).not.toContain("External");
    expect(rels).toContain('Target="styles.xml"');
    expect(part(output, "word/document.xml")).not.toMatch(/r:link=/);
  });

  it.each(["http://127.0.0.1:9/x.png", "file:///etc/passwd", "\\\\server\\share\\x.png"])(
    "drops a relationship to %s whether or not it says External",
    (target) => {
      const internal = editDocx(sampleDocx("external-picture.docx"), (name, text) =>
        name === "word/_rels/document.xml.rels"
          ? text.replace('Target="tiny-picture.png" TargetMode="External"', `Target="${target}"`)
          : text,
      );
      expect(part(sanitise(internal), "word/_rels/document.xml.rels")).not.toContain("rId2");
      expect(part(sanitise(externalPictureDocx(target)), "word/_rels/document.xml.rels")).not.toContain(
        "rId2",
      );
    },
  );

  it("drops an internal relationship whose target climbs out of the package", () => {
    const escaping = externalPictureDocx("../../../etc/passwd");
    const internal = editDocx(escaping, (_name, text) => text.replace(' TargetMode="External"', ""));
    expect(part(sanitise(internal), "word/_rels/document.xml.rels")).not.toContain("passwd");
  });

  it("keeps web hyperlinks (they are not followed while converting) and the document's text", () => {
    const linked = editDocx(sampleDocx("simple-list.docx"), (name, text) => {
      if (name === "word/_rels/document.xml.rels") {
        return text.replace(
          "</Relationships>",
          '<Relationship Id="rIdLink" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.edu/portfolio" TargetMode="External"/></Relationships>',
        );
      }
      return text;
    });
    const output = sanitise(linked);
    expect(part(output, "word/_rels/document.xml.rels")).toContain("https://example.edu/portfolio");
    expect(part(output, "word/document.xml")).toBe(part(linked, "word/document.xml"));
  });

  it.each([
    ["simple", 'INCLUDEPICTURE "http://127.0.0.1:9/x.png" \\d'],
    ["complex", 'INCLUDEPICTURE "http://127.0.0.1:9/x.png" \\d'],
    ["complex", 'INCLUDETEXT "C:\\\\secrets\\\\notes.docx"'],
    ["complex", 'LINK Excel.Sheet.8 "C:\\\\book.xls" "Sheet1!R1C1" \\a'],
    ["simple", 'DDEAUTO c:\\\\windows\\\\system32\\\\cmd.exe "/k calc.exe"'],
  ] as const)("removes a %s field %s and keeps its last result as text", (kind, instruction) => {
    const output = sanitise(fieldDocx(kind, instruction, "KEPT RESULT"));
    const document = part(output, "word/document.xml");
    expect(document).not.toContain("INCLUDE");
    expect(document).not.toContain("LINK");
    expect(document).not.toContain("DDE");
    expect(document).not.toContain("instrText");
    expect(document).toContain("KEPT RESULT");
  });

  it("keeps layout fields such as PAGE", () => {
    const output = sanitise(fieldDocx("complex", " PAGE \\* MERGEFORMAT ", "1"));
    expect(part(output, "word/document.xml")).toContain("PAGE \\* MERGEFORMAT");
  });

  it("leaves a document with nothing to remove byte for byte as it was", () => {
    const input = sampleDocx("tables.docx");
    const output = sanitise(input);
    for (const entry of readZip(input)) {
      expect(Buffer.compare(Buffer.from(part(output, entry.name)), Buffer.from(entry.data))).toBe(0);
    }
  });
});
