import { useEffect } from "react";
import { partner } from "../config/partner";

/** "Applications – Northbridge University application review" (WCAG 2.4.2). */
export function useStaffTitle(screen: string): void {
  useEffect(() => {
    document.title = `${screen} – ${partner.name} application review`;
  }, [screen]);
}
