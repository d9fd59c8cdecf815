import { useMemo, useSyncExternalStore } from "react";
import type { MessageValues } from "./format-message";
import { catalogueText, languageState, message, subscribeLanguage } from "./translations";

/**
 * The current language and its translators, the same functions until the language changes (so
 * they can be a memo's dependency); components re-render when the applicant switches.
 */
export function useLanguage() {
  const state = useSyncExternalStore(subscribeLanguage, languageState, languageState);
  return useMemo(
    () => ({
      language: state.language,
      /** A message of the app's own (ICU), e.g. `t(shellMessages.help)`. */
      t: (english: string, values?: MessageValues) => message(english, values, state.loaded),
      /** Catalogue text: a label, help text, an option's label. */
      text: (english: string) => catalogueText(english, state.loaded),
    }),
    [state],
  );
}
