// The cookie that asks the server for a page's prerendered first screen in the applicant's language
// (issue 35, decision 0025). Its own small file, loaded when it is written (a choice, a link, a
// first screen in another language), so that the English first screen carries none of it.
import { cookieName } from "../shared/constants";
import type { Language } from "./language";

/**
 * Its name (the server reads it: server/page-language.ts), named as constants.ts names the others:
 * `__Host-` prefixed over HTTPS. Here rather than there so that no first screen carries it.
 */
export const LANGUAGE_COOKIE = "adm_language";

/** The choice outlives sessions: a year, renewed whenever it is kept again. */
const MAX_AGE_S = 365 * 24 * 60 * 60;

/** Not HttpOnly (written here), SameSite=Lax, Path=/; `__Host-` + Secure over HTTPS (constants.ts). */
export function keepForFirstScreens(language: Language): void {
  const secure = location.protocol === "https:";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support (Safari, Firefox).
  document.cookie = `${cookieName(LANGUAGE_COOKIE, secure)}=${language}; Max-Age=${MAX_AGE_S}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}
