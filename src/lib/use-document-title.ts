import { useEffect } from "react";
import { partner } from "../config/partner";

/** "About You – Northbridge University Application": the browser's title names the screen (WCAG 2.4.2). */
export function documentTitle(screen: string): string {
  return `${screen} – ${partner.name} Application`;
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
