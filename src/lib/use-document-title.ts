import { useEffect } from "react";
import { partner } from "../config/partner";
import { partnerNameIn } from "../config/partner-name";
import { documentTitleTemplate } from "../features/shell/document-head-messages";
import { currentLanguage, message } from "../i18n/translations";

/**
 * "About You – Northbridge University Application", "Sobre usted – Solicitud de Northbridge
 * University": the browser's title names the screen (WCAG 2.4.2), in the language shown.
 */
export function documentTitle(screen: string): string {
  return message(documentTitleTemplate, { title: screen, host: partnerNameIn(partner, currentLanguage()) });
}

/**
 * Sets the document's title for the screen shown. A prerendered first screen has it already: the
 * title is not set again then (setting it measured 14 ms of a first visit's first commit, issue 15).
 */
export function useDocumentTitle(screen: string): void {
  useEffect(() => {
    const title = documentTitle(screen);
    if (document.title !== title) document.title = title;
  }, [screen]);
}
