import { cookieName, LOGGED_IN_HINT_COOKIE } from "../shared/constants";

/** The hint's name over plain HTTP, and over HTTPS (`__Host-` prefixed, see SECURE_COOKIE_PREFIX). */
const HINT_NAMES = [cookieName(LOGGED_IN_HINT_COOKIE, false), cookieName(LOGGED_IN_HINT_COOKIE, true)];

/**
 * Spec §6: logged in means our readable hint cookie exists (the session cookie itself is
 * HttpOnly), under either name: the server names it for the page's scheme.
 */
export function hasSessionHint(cookies: string): boolean {
  return cookies.split(";").some((part) => HINT_NAMES.some((name) => part.trim().startsWith(`${name}=`)));
}

/** The part of the Cookie Store API we use (not yet in TypeScript's DOM types). */
type CookieStoreLike = { getAll(): Promise<readonly { name: string; value?: string }[]> };

/**
 * Whether the hint cookie exists, read without blocking the page where the browser can: reading
 * `document.cookie` is a synchronous request to the browser's network process, which measured
 * 10–66 ms of a first visit's start-up (issue 15); the Cookie Store API asks the same thing
 * asynchronously. Browsers without it (older Safari and Firefox) read `document.cookie`.
 */
export async function readSessionHint(
  store: CookieStoreLike | undefined = (globalThis as { cookieStore?: CookieStoreLike }).cookieStore,
): Promise<boolean> {
  if (store === undefined) return hasSessionHint(document.cookie);
  try {
    const cookies = await store.getAll();
    return cookies.some((cookie) => HINT_NAMES.includes(cookie.name));
  } catch {
    // e.g. a sandboxed frame, where the store refuses: the synchronous read tells the same.
    return hasSessionHint(document.cookie);
  }
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
