import type { FastifyRequest } from "fastify";
import { isLanguage, type Language, languageFromSearch } from "../src/i18n/language";
import { LANGUAGE_COOKIE } from "../src/i18n/language-cookie";
import { cookieName } from "../src/shared/constants";

/**
 * The language a page is asked in (issue 35), as the app will decide it: `?lang=` of the address
 * (links in mails keep it), else the language cookie the app sets when the applicant chooses,
 * read under its name for the request's scheme only (`__Host-` over HTTPS: a sibling subdomain
 * cannot plant it), else English. A value the app does not know is English.
 */
export function pageLanguage(request: FastifyRequest): Language {
  const query = request.url.indexOf("?");
  const fromLink = query < 0 ? null : languageFromSearch(request.url.slice(query).split("#", 1)[0] ?? "");
  if (fromLink) return fromLink;
  const chosen = request.cookies[cookieName(LANGUAGE_COOKIE, request.protocol === "https")];
  return isLanguage(chosen) ? chosen : "en";
}
