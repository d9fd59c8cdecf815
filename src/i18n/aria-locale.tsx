import type { ReactNode } from "react";
import { I18nProvider } from "react-aria-components";
import { useLanguage } from "./use-language";

/**
 * React Aria's locale for the page's language (issue 35): its own words (a date field's segment
 * names, a popover's dismiss button, a combo box's announcements) and its formats (the date
 * field's day/month/year order). Rendered by the lazy parts that show such words, not the first
 * screen, whose controls have none (decision 0025): its code goes with them.
 */
export function AriaLocale({ children }: { children: ReactNode }) {
  const { language } = useLanguage();
  return <I18nProvider locale={language === "es" ? "es-US" : "en-US"}>{children}</I18nProvider>;
}
