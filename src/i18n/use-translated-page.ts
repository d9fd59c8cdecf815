import { useSyncExternalStore } from "react";
import type { FormPage } from "../form/catalogue-types";
import { languageState, subscribeLanguage } from "./translations";

/**
 * The page in the applicant's language: the same page object in English, a translated copy else
 * (made by the loaded language, so the English first screen carries none of it).
 */
export function useTranslatedPage(page: FormPage): FormPage {
  const { loaded } = useSyncExternalStore(subscribeLanguage, languageState, languageState);
  return loaded ? loaded.page(page) : page;
}
