// The language the app shows, and its translations once loaded. English needs nothing loaded: the
// catalogue and the shell are written in it. Another language's catalogue (and @lingui/core) is a
// chunk of its own, loaded before the first render when the page opens in it, or when the
// applicant switches (decision 0025).
import type { SyncStatus } from "../features/answers/sync-status";
import type { FormPage, Option, OptionListId } from "../form/catalogue-types";
import { formatEnglish, type MessageValues } from "./format-message";
import { initialLanguage, type Language, languageFromSearch, storeLanguage } from "./language";

/** What a loaded language gives: catalogue text by its English, and shell messages formatted. */
export type LoadedLanguage = {
  /** The catalogue's plain text (labels, help text, options' labels); undefined when untranslated. */
  text: (english: string) => string | undefined;
  /** An ICU message of the shell, formatted with `values`. */
  format: (english: string, values?: MessageValues) => string;
  /** A form page with its words translated (memoised: the same page object each time). */
  page: (page: FormPage) => FormPage;
  /** A named list's options with translated labels. */
  list: (list: OptionListId) => readonly Option[];
  /** The header's save status in this language. */
  syncStatus: (status: SyncStatus) => string;
};

type State = { language: Language; loaded: LoadedLanguage | null };

let state: State = { language: "en", loaded: null };
const listeners = new Set<() => void>();

const loaders: Record<Exclude<Language, "en">, () => Promise<LoadedLanguage>> = {
  es: () => import("./spanish").then((module) => module.spanish()),
};

export function currentLanguage(): Language {
  return state.language;
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The state's identity changes with the language: a snapshot for useSyncExternalStore. */
export function languageState(): State {
  return state;
}

/**
 * Shows the app in `language`: loads it first (rejects, changing nothing, when that fails). The
 * page's `<html lang>` is its callers' (the build renders the first screens with this, no page).
 */
export async function showLanguage(language: Language): Promise<void> {
  const loaded = language === "en" ? null : await loaders[language]();
  state = { language, loaded };
  for (const listener of listeners) listener();
}

/**
 * The applicant's choice: shown, and kept on the device (its callers keep it for the server's
 * first screens too, in account-language.ts: not a first screen's code).
 */
export async function chooseLanguage(language: Language): Promise<void> {
  await showLanguage(language);
  document.documentElement.lang = language;
  storeLanguage(language);
}

/**
 * Before the first render: the link's or the device's language (English when it cannot load).
 * `<html lang>` is the one shown, whichever language the server's first screen was in; when that
 * was not the applicant's (no cookie yet, or a stale one) or a link chose, the cookie is renewed,
 * so that the next first screen comes in it (issue 35).
 */
export async function startLanguage(search: string): Promise<void> {
  const root = document.documentElement;
  const served = root.lang;
  const language = initialLanguage(search);
  if (language !== "en") await showLanguage(language).catch(() => {});
  root.lang = state.language;
  // The cookie's code is a file of its own: an English start on an English screen never needs it.
  if (served !== language || languageFromSearch(search)) {
    import("./language-cookie").then((module) => module.keepForFirstScreens(language)).catch(() => {});
  }
}

/** A form page in the current language (the page itself in English). */
export function pageInLanguage(page: FormPage, loaded = state.loaded): FormPage {
  return loaded ? loaded.page(page) : page;
}

/** Catalogue text in the current language (the English itself when untranslated or English). */
export function catalogueText(english: string, loaded = state.loaded): string {
  return loaded?.text(english) ?? english;
}

/** A shell message in the current language, formatted. */
export function message(english: string, values?: MessageValues, loaded = state.loaded): string {
  return loaded ? loaded.format(english, values) : formatEnglish(english, values);
}
