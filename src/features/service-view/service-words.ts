import { partner } from "../../config/partner";
import type { Language } from "../../i18n/language";
import { formatFileSize } from "../../shared/file-size";

// The service view's own words, in the language it is printed in (issue 35): the applicant's copy
// of the application PDF is in their language; the office's (staff, integration API, the
// service_token view) in English. The catalogue's words come translated with the pages.

export type ServiceWords = {
  language: Language;
  /** Dates as this language writes them (Intl). */
  locale: string;
  selected: string;
  notSelected: string;
  notAnswered: string;
  /** "Step One" → the step's name in this language. */
  step: (english: string) => string;
  attached: (document: { file_name: string; file_size: number }) => string;
  applicationTitle: string;
  /** A divider's heading: the document's question and file name. */
  attachedDocument: (label: string, fileName: string) => string;
  /** A divider's line about the pages after it. */
  nextPages: (pages: number) => string;
  /** The running footer's "Page N of M", as CSS content. */
  pageOfPages: string;
  /** The PDF's download name's word for "application". */
  application: string;
};

export const ENGLISH_SERVICE_WORDS: ServiceWords = {
  language: "en",
  locale: "en-US",
  selected: "Selected",
  notSelected: "Not selected",
  notAnswered: "Not answered",
  step: (english) => english,
  attached: (document) => `Attached: ${document.file_name} (${formatFileSize(document.file_size)})`,
  applicationTitle: partner.applicationTitle,
  attachedDocument: (label, fileName) => `Attached document: ${label} — ${fileName}`,
  nextPages: (pages) =>
    `The next ${pages === 1 ? "page is" : `${pages} pages are`} the document the applicant uploaded, converted to PDF.`,
  pageOfPages: '"Page " counter(page) " of " counter(pages)',
  application: "application",
};

const SPANISH_STEPS: Readonly<Record<string, string>> = {
  "Step One": "Paso uno",
  "Step Two": "Paso dos",
  "Step Three": "Paso tres",
};

/** Spanish (docs/glossary-es.md); the institution's title from its configuration's Spanish, else English. */
export const SPANISH_SERVICE_WORDS: ServiceWords = {
  language: "es",
  locale: "es-US",
  selected: "Seleccionado",
  notSelected: "No seleccionado",
  notAnswered: "Sin respuesta",
  step: (english) => SPANISH_STEPS[english] ?? english,
  attached: (document) => `Adjunto: ${document.file_name} (${formatFileSize(document.file_size)})`,
  applicationTitle: partner.es?.applicationTitle ?? partner.applicationTitle,
  attachedDocument: (label, fileName) => `Documento adjunto: ${label} — ${fileName}`,
  nextPages: (pages) =>
    pages === 1
      ? "La página siguiente es el documento que subió el solicitante, convertido a PDF."
      : `Las ${pages} páginas siguientes son el documento que subió el solicitante, convertido a PDF.`,
  pageOfPages: '"Página " counter(page) " de " counter(pages)',
  application: "solicitud",
};

export const SERVICE_WORDS: Readonly<Record<Language, ServiceWords>> = {
  en: ENGLISH_SERVICE_WORDS,
  es: SPANISH_SERVICE_WORDS,
};
