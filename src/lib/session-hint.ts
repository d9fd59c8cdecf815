import { cookieName, LOGGED_IN_HINT_COOKIE } from "../shared/constants";

/** The hint's name over plain HTTP, and over HTTPS (`__Host-` prefixed, see SECURE_COOKIE_PREFIX). */
const HINT_NAMES = [cookieName(LOGGED_IN_HINT_COOKIE, false), cookieName(LOGGED_IN_HINT_COOKIE, true)];

/**
 * Spec §6: logged in means our readable hint cookie exists (the session cookie itself is
 * HttpOnly), under either name: the server names it for the page's scheme.
 */
export function hasSessionHint(cookies: string = document.cookie): boolean {
  return cookies.split(";").some((part) => HINT_NAMES.some((name) => part.trim().startsWith(`${name}=`)));
}

/** Forgets the hint locally, e.g. when signing out offline (the server clears it too when reached). */
export function clearSessionHint(): void {
  // A __Host- cookie is only replaced (here: expired) by one that is Secure, for Path=/, without
  // Domain; over plain HTTP the browser ignores that write, and there is no such cookie anyway.
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support (Safari, Firefox).
  document.cookie = `${cookieName(LOGGED_IN_HINT_COOKIE, true)}=; Max-Age=0; Path=/; Secure; SameSite=Lax`;
  // biome-ignore lint/suspicious/noDocumentCookie: as above.
  document.cookie = `${LOGGED_IN_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
