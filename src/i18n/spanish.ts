// Spanish (issue 35): its catalogues and @lingui/core, a chunk loaded only when the app is shown in
// Spanish (decision 0025). Catalogues are data beside what they translate, keyed by the English;
// the institution's name is `{host}` in them, so they hold for any partner.
import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import noticeTexts from "../components/notices.es.json";
import { partner } from "../config/partner";
import partnerTexts from "../config/partner.es.json";
import { partnerNameIn } from "../config/partner-name";
import applicationTexts from "../features/application/application.es.json";
import authTexts from "../features/auth/auth.es.json";
import documentTexts from "../features/documents/documents.es.json";
import draftLinkTexts from "../features/draft-links/draft-links.es.json";
import dialogTexts from "../features/form/dialogs.es.json";
import receiptTexts from "../features/receipt/receipt.es.json";
import shellTexts from "../features/shell/shell.es.json";
import type { FormPage, Option, OptionListId } from "../form/catalogue-types";
import engineTexts from "../form/engine/messages.es.json";
import listTexts from "../form/options/options.es.json";
import aboutTexts from "../form/pages/about.es.json";
import educationTexts from "../form/pages/education.es.json";
import finalStepsTexts from "../form/pages/final-steps.es.json";
import messageTexts from "../shared/messages.es.json";
import { catalogueLookup } from "./catalogue-lookup";
import { translateList, translatePage } from "./catalogue-text";
import { templateMatcher } from "./message-templates";
import { fillReactAriaSpanish } from "./react-aria-spanish";
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
  messages: messageTexts,
  application: applicationTexts,
  notices: noticeTexts,
  dialogs: dialogTexts,
  "draft-links": draftLinkTexts,
  auth: authTexts,
  documents: documentTexts,
  receipt: receiptTexts,
} as const;

/** The ICU messages (Lingui's catalogue): the shell's words, the error catalogue, server refusals. */
const MESSAGES: Readonly<Record<string, string>> = {
  ...shellTexts,
  ...messageTexts,
  ...applicationTexts,
  ...noticeTexts,
  ...dialogTexts,
  ...draftLinkTexts,
  ...authTexts,
  ...documentTexts,
  ...receiptTexts,
  // The shell's words win where the account pages use the same English ("Create an account").
  ...shellTexts,
};

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
  // React Aria's own words, before anything is shown in Spanish.
  fillReactAriaSpanish();
  const i18n = setupI18n();
  i18n.setMessagesCompiler(compileMessage);
  i18n.loadAndActivate({ locale: "es", messages: MESSAGES });
  const plain = catalogueLookup(
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
    partnerNameIn(partner, "es"),
  );
  const matchTemplate = templateMatcher([
    ...Object.keys(messageTexts),
    ...Object.keys(noticeTexts),
    // The password checklist's length rule, written with its number.
    "is at least {count} characters",
  ]);
  /**
   * Catalogue text; else a message of the app's or a server's, whole or made from one of the
   * templates (a refusal naming a limit or an address); else undefined (shown as it came).
   */
  const text = (english: string): string | undefined => {
    const found = plain(english);
    if (found !== undefined) return found;
    if (Object.hasOwn(MESSAGES, english)) return i18n._(english);
    const made = matchTemplate(english);
    if (!made) return undefined;
    // A value may be a message itself ("Not saved: {reason}"); an address or a name stays as it is.
    const values = Object.fromEntries(
      Object.entries(made.values).map(([name, value]) => [
        name,
        typeof value === "string" ? (text(value) ?? value) : value,
      ]),
    );
    return i18n._(made.id, values);
  };
  const translate = (english: string) => text(english) ?? english;
  const pages = new WeakMap<FormPage, FormPage>();
  const lists = new Map<OptionListId, readonly Option[]>();
  return {
    text,
    format: (english, values) => i18n._(english, values),
    page: (page) =>
      pages.get(page) ?? (pages.set(page, translatePage(page, translate)).get(page) as FormPage),
    syncStatus: (status) => spanishSyncStatus(status, translate),
    list: (list) => lists.get(list) ?? lists.set(list, translateList(list, translate)).get(list) ?? [],
  };
}
