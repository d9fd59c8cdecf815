import { describe, expect, it } from "vitest";
import {
  checkFileName,
  FILE_EMPTY_MESSAGE,
  FILE_NAME_CHARACTERS_MESSAGE,
  FILE_NAME_TOO_LONG_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  FILE_TYPE_MESSAGE,
  fileSizeProblem,
} from "./document-rules";

describe("file names (spec §5)", () => {
  it.each(["transcript.pdf", "Statement.DOCX", "scan.jpeg", "photo.JPG", "a.png", "résumé 2026.pdf"])(
    "accepts %s",
    (name) => {
      expect(checkFileName(name)).toEqual({ ok: true, name });
    },
  );

  it("accepts 32 characters including the extension and refuses 33", () => {
    const name32 = `${"a".repeat(28)}.pdf`;
    expect(checkFileName(name32)).toEqual({ ok: true, name: name32 });
    expect(checkFileName(`a${name32}`)).toEqual({ ok: false, message: FILE_NAME_TOO_LONG_MESSAGE });
  });

  it("counts characters, not UTF-16 units", () => {
    const name = `${"😀".repeat(28)}.pdf`;
    expect(checkFileName(name)).toEqual({ ok: true, name });
  });

  it.each(["notes.txt", "archive.zip", "noextension", ".pdf", "statement.pdf.exe", "image.gif"])(
    "refuses %s by its extension",
    (name) => {
      expect(checkFileName(name)).toEqual({ ok: false, message: FILE_TYPE_MESSAGE });
    },
  );

  it.each(["line\r\nbreak.pdf", "tab\there.pdf", "nul\u0000.pdf", "c1\u0085.pdf", "del\u007f.pdf"])(
    "refuses control characters in %j",
    (name) => {
      expect(checkFileName(name)).toEqual({ ok: false, message: FILE_NAME_CHARACTERS_MESSAGE });
    },
  );

  it("removes direction overrides, so a name cannot pose with another extension", () => {
    // Shown as "invoicefdp.exe" → looks like "invoiceexe.pdf" with the override.
    expect(checkFileName("invoice\u202Efdp.exe")).toEqual({ ok: false, message: FILE_TYPE_MESSAGE });
    expect(checkFileName("\u202Bשלום\u202C.pdf")).toEqual({ ok: true, name: "שלום.pdf" });
    expect(checkFileName("report\u200F\u2066.pdf\u2069")).toEqual({ ok: true, name: "report.pdf" });
  });

  it.each([
    ["../../etc/passwd.pdf", "passwd.pdf"],
    ["a/b.pdf", "b.pdf"],
    ["..\\..\\win.pdf", "win.pdf"],
    ["C:\\Users\\ada\\résumé.docx", "résumé.docx"],
    ["/statement.pdf", "statement.pdf"],
    [`${"d/".repeat(40)}short.png`, "short.png"],
  ])("keeps only the last part of %j, so no directory part is stored (issue 36)", (raw, name) => {
    expect(checkFileName(raw)).toEqual({ ok: true, name });
  });

  it.each(["../", "a/..", "dir/.pdf", "..\\"])("refuses %j, whose last part is no file name", (raw) => {
    expect(checkFileName(raw)).toEqual({ ok: false, message: FILE_TYPE_MESSAGE });
  });

  it("replaces the characters Windows refuses in a name, which could name a stream or a device", () => {
    expect(checkFileName('Report: "final" <v2>?|*.pdf')).toEqual({
      ok: true,
      name: "Report_ _final_ _v2____.pdf",
    });
    expect(checkFileName("evil.pdf:stream")).toEqual({ ok: false, message: FILE_TYPE_MESSAGE });
  });

  it("trims and NFC-normalises the name", () => {
    expect(checkFileName("  cafe\u0301.pdf ")).toEqual({ ok: true, name: "café.pdf" });
  });
});

describe("file sizes (spec §5, §9)", () => {
  it("accepts 1 to 1,048,576 bytes", () => {
    expect(fileSizeProblem(1)).toBeUndefined();
    expect(fileSizeProblem(1_048_576)).toBeUndefined();
  });

  it("names an empty file and one over 1 MB with the spec's messages", () => {
    expect(fileSizeProblem(0)).toBe(FILE_EMPTY_MESSAGE);
    expect(fileSizeProblem(1_048_577)).toBe(FILE_TOO_LARGE_MESSAGE);
  });
});
