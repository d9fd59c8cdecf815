import { useEffect } from "react";
import { partner } from "../config/partner";

/** "About You – Northbridge University Application": the browser's title names the screen (WCAG 2.4.2). */
export function documentTitle(screen: string): string {
  return `${screen} – ${partner.name} Application`;
}

/** Sets the document's title for the screen shown. */
export function useDocumentTitle(screen: string): void {
  useEffect(() => {
    document.title = documentTitle(screen);
  }, [screen]);
}
