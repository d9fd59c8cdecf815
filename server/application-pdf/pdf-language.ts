import { partner } from "../../src/config/partner";
import { SERVICE_WORDS, type ServiceWords } from "../../src/features/service-view/service-words";
import type { FormPage } from "../../src/form/catalogue-types";
import type { Language } from "../../src/i18n/language";
import { spanish } from "../../src/i18n/spanish";
import type { LoadedLanguage } from "../../src/i18n/translations";

// The application PDF in the applicant's language (issue 35): the catalogue's pages translated as
// the app shows them (src/i18n/spanish.ts), and the service view's own words. The office's copy
// is English.

let loadedSpanish: LoadedLanguage | undefined;

export type PdfLanguage = { pages: readonly FormPage[]; words: ServiceWords };

export function pdfLanguage(pages: readonly FormPage[], language: Language): PdfLanguage {
  if (language === "en") return { pages, words: SERVICE_WORDS.en };
  loadedSpanish ??= spanish();
  const translated = loadedSpanish;
  const words = SERVICE_WORDS[language];
  const title = translated.text(partner.applicationTitle) ?? words.applicationTitle;
  return { pages: pages.map((page) => translated.page(page)), words: { ...words, applicationTitle: title } };
}
