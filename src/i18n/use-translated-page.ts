import { useMemo } from "react";
import type { FormPage } from "../form/catalogue-types";
import { translatePage } from "./catalogue-text";
import { useLanguage } from "./use-language";

/** The page in the applicant's language: the same page object in English, a translated copy else. */
export function useTranslatedPage(page: FormPage): FormPage {
  const { language, text } = useLanguage();
  return useMemo(() => (language === "en" ? page : translatePage(page, text)), [page, language, text]);
}
