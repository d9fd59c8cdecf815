import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";

/** Whether a page of this document has been shown already (a layout may mount again). */
let pageShown = false;

/** Notes that a page is on screen; true when it is the document's first. Every layout calls it. */
export function notePageShown(): boolean {
  const first = !pageShown;
  pageShown = true;
  return first;
}

/**
 * After a client-side page change, moves focus to the new page's heading so keyboard and screen
 * reader users start at the top of the new content: between form pages, and into the form from
 * another screen (after signing in). The document's first page keeps the browser's focus.
 */
export function usePageFocus(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      if (notePageShown()) return;
    }
    const heading = document.querySelector<HTMLElement>("#main h1");
    heading?.focus();
    window.scrollTo({ top: 0 });
  }, [pathname]);
}
