// Spanish (issue 35): its catalogues and @lingui/core, a chunk loaded only when the app is shown in
// Spanish (decision 0025). Catalogues are data beside what they translate, keyed by the English;
// the institution's name is `{host}` in them, so they hold for any partner.
import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { partner } from "../config/partner";
import partnerTexts from "../config/partner.es.json";
import shellTexts from "../features/shell/shell.es.json";
import type { FormPage, Option, OptionListId } from "../form/catalogue-types";
import engineTexts from "../form/engine/messages.es.json";
import listTexts from "../form/options/options.es.json";
import aboutTexts from "../form/pages/about.es.json";
import educationTexts from "../form/pages/education.es.json";
import finalStepsTexts from "../form/pages/final-steps.es.json";
import { catalogueLookup } from "./catalogue-lookup";
import { translateList, translatePage } from "./catalogue-text";
import { spanishSyncStatus } from "./spanish-sync-status";
import type { LoadedLanguage } from "./translations";

/** Every Spanish catalogue, merged (a text reads the same wherever it appears: docs/glossary-es.md). */
export const SPANISH_CATALOGUES = {
  about: aboutTexts,
  education: educationTexts,
  "final-steps": finalStepsTexts,
  engine: engineTexts,
  lists: listTexts,
  partner: partnerTexts,
  shell: shellTexts,
} as const;

/** The partner configuration's own Spanish labels (its `es`), over the shipped catalogue's. */
function partnerOwnSpanish(): Record<string, string> {
  const own: Record<string, string> = {};
  const majors = partner.es?.majors ?? {};
  for (const major of Object.values(partner.majors).flat()) {
    const name = majors[major.code];
    if (name) own[major.name] = name;
  }
  if (partner.es?.applicationTitle) own[partner.applicationTitle] = partner.es.applicationTitle;
  return own;
}

export function spanish(): LoadedLanguage {
  const i18n = setupI18n();
  i18n.setMessagesCompiler(compileMessage);
  i18n.loadAndActivate({ locale: "es", messages: shellTexts });
  const text = catalogueLookup(
    Object.assign(
      {},
      aboutTexts,
      educationTexts,
      finalStepsTexts,
      engineTexts,
      listTexts,
      partnerTexts,
      partnerOwnSpanish(),
    ),
    partner.name,
    partner.es?.name ?? partner.name,
  );
  const translate = (english: string) => text(english) ?? english;
  const pages = new WeakMap<FormPage, FormPage>();
  const lists = new Map<OptionListId, readonly Option[]>();
  return {
    text,
    format: (english, values) => i18n._(english, values),
    page: (page) =>
      pages.get(page) ?? (pages.set(page, translatePage(page, translate)).get(page) as FormPage),
    syncStatus: spanishSyncStatus,
    list: (list) => lists.get(list) ?? lists.set(list, translateList(list, translate)).get(list) ?? [],
  };
}
