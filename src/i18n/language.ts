// The applicant's language (issue 35): English, the specification's own, or Spanish. Decided once
// before the first render from `?lang=` (links in mails keep it) and then the device's choice; kept
// on the device in localStorage, read synchronously so the first render is in the right language
// (decision 0025; idb-keyval is asynchronous and would cost the first screen a task).
export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];

const STORAGE_KEY = "language";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** `?lang=es` → "es"; absent or unknown → null. */
export function languageFromSearch(search: string): Language | null {
  const value = new URLSearchParams(search).get("lang");
  return isLanguage(value) ? value : null;
}

/** The language chosen before on this device, if any (storage can be refused: private modes). */
export function storedLanguage(): Language | null {
  try {
    const value = globalThis.localStorage?.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeLanguage(language: Language): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, language);
  } catch {
    // Not kept on this device; the page is still shown in the language chosen.
  }
}

/** The link's language wins over the device's, and is kept as the device's from then on. */
export function initialLanguage(search: string): Language {
  const fromLink = languageFromSearch(search);
  if (fromLink) {
    storeLanguage(fromLink);
    return fromLink;
  }
  return storedLanguage() ?? "en";
}

/** The name of the switch to the other language, in that language (WCAG 3.1.2: with its `lang`). */
export function switchTarget(current: Language): { language: Language; name: string } {
  return current === "en" ? { language: "es", name: "Español" } : { language: "en", name: "English" };
}
