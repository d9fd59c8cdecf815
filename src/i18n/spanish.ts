// Spanish (issue 35): its catalogues and @lingui/core, a chunk loaded only when the app is shown in
// Spanish (decision 0025). Catalogues are data beside what they translate, keyed by the English;
// the institution's name is `{host}` in them, so they hold for any partner.
import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import partnerTexts from "../config/partner.es.json";
import shellTexts from "../features/shell/shell.es.json";
import listTexts from "../form/options/options.es.json";
import aboutTexts from "../form/pages/about.es.json";
import educationTexts from "../form/pages/education.es.json";
import finalStepsTexts from "../form/pages/final-steps.es.json";
import { catalogueLookup } from "./catalogue-lookup";
import type { LoadedLanguage } from "./translations";

/** Every Spanish catalogue, merged (a text reads the same wherever it appears: docs/glossary-es.md). */
export const SPANISH_CATALOGUES = {
  about: aboutTexts,
  education: educationTexts,
  "final-steps": finalStepsTexts,
  lists: listTexts,
  partner: partnerTexts,
  shell: shellTexts,
} as const;

export function spanish(): LoadedLanguage {
  const i18n = setupI18n();
  i18n.setMessagesCompiler(compileMessage);
  i18n.loadAndActivate({ locale: "es", messages: shellTexts });
  const text = catalogueLookup(
    Object.assign({}, aboutTexts, educationTexts, finalStepsTexts, listTexts, partnerTexts),
  );
  return { text, format: (english, values) => i18n._(english, values) };
}
