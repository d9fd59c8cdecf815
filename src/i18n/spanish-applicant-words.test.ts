// Words an applicant reads beside the pages (issue 35): a file question's, /completion's receipt,
// the account menu's warning. Each module's English has Spanish, its catalogue holds no more, and
// the English reads the same through the first screen's formatter as through Lingui.
import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { CONVERSION_FAILED_MESSAGE } from "../../server/jobs/convert-document";
import * as documentsModule from "../features/documents/file-question-messages";
import { type FileQuestionView, statusText } from "../features/documents/file-question-state";
import * as receiptModule from "../features/receipt/receipt-messages";
import { unsentWarning, unsentWarningEnglish } from "../features/shell/unsent-warning";
import { formatEnglish } from "./format-message";
import { SPANISH_CATALOGUES, spanish } from "./spanish";

const strings = (module: object) =>
  Object.values(module).filter((value): value is string => typeof value === "string");
const english = setupI18n();
english.setMessagesCompiler(compileMessage);
english.loadAndActivate({ locale: "en", messages: {} });
const loaded = spanish();
const inSpanish = { t: loaded.format, text: (words: string) => loaded.text(words) ?? words };
const samples = { question: "Résumé", name: "cv.pdf", size: "245kB", message: "(message)", date: "(date)" };

describe.each([
  ["a file question", documentsModule, SPANISH_CATALOGUES.documents],
  ["the receipt", receiptModule, SPANISH_CATALOGUES.receipt],
])("%s in Spanish", (_name, module, catalogue: Record<string, string>) => {
  it("has Spanish for every word, and no more", () => {
    expect(strings(module).filter((words) => catalogue[words] === undefined)).toEqual([]);
    expect(Object.keys(catalogue).filter((key) => !strings(module).includes(key))).toEqual([]);
  });

  it("reads the same in English through the first screen's formatter and Lingui", () => {
    for (const words of strings(module)) {
      expect(formatEnglish(words, { ...samples, label: "Résumé", file: "cv.pdf", state: "(state)" })).toBe(
        english._(words, { ...samples, label: "Résumé", file: "cv.pdf", state: "(state)" }),
      );
    }
  });
});

describe("a file question's status line", () => {
  const file = { name: "cv.pdf", size: 250_000 };
  it.each<[FileQuestionView, boolean, string, string]>([
    [{ state: "ready", file, viewable: true }, true, "Uploaded: cv.pdf (244kB)", "Subido: cv.pdf (244kB)"],
    [{ state: "converting", file }, true, "Converting…", "Convirtiendo…"],
    [
      { state: "waiting", file },
      false,
      "Waiting to upload: it is saved on this device and will upload when you're back online.",
      "Esperando para subir: está guardado en este dispositivo y se subirá cuando vuelva a estar en línea.",
    ],
    [
      { state: "failed", file, message: CONVERSION_FAILED_MESSAGE },
      true,
      `Problem with your file: ${CONVERSION_FAILED_MESSAGE}`,
      "Problema con su archivo: No pudimos convertir su archivo a PDF. Inténtelo de nuevo, o guárdelo como PDF y suba ese archivo.",
    ],
  ])("says %j in either language", (view, online, inEnglish, spanishLine) => {
    expect(statusText(view, online)).toBe(inEnglish);
    expect(statusText(view, online, inSpanish)).toBe(spanishLine);
  });
});

describe("the account menu's warning before logging out", () => {
  it.each([1, 2, 12])("counts %i changes in English as before, and in Spanish by the library", (count) => {
    expect(english._(unsentWarning, { count })).toBe(unsentWarningEnglish(count));
    expect(loaded.format(unsentWarning, { count })).toMatch(
      count === 1
        ? /^1 cambio todavía no llegó al servidor\./
        : new RegExp(`^${count} cambios todavía no llegaron`),
    );
  });
});
