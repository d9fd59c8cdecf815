import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";
import { firstScreenShown } from "../../lib/preload-when-idle";

/**
 * After a client-side page change, moves focus to the new page's heading so keyboard and screen
 * reader users start at the top of the new content (the first load keeps the browser's focus).
 */
export function usePageFocus(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      firstScreenShown();
      return;
    }
    const heading = document.querySelector<HTMLElement>("#main h1");
    heading?.focus();
    window.scrollTo({ top: 0 });
  }, [pathname]);
}
