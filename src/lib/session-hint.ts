import { LOGGED_IN_HINT_COOKIE } from "../shared/constants";

/** Spec §6: logged in means our readable hint cookie exists (the session cookie itself is HttpOnly). */
export function hasSessionHint(cookies: string = document.cookie): boolean {
  return cookies.split(";").some((part) => part.trim().startsWith(`${LOGGED_IN_HINT_COOKIE}=`));
}

/** Forgets the hint locally, e.g. when signing out offline (the server clears it too when reached). */
export function clearSessionHint(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support (Safari, Firefox).
  document.cookie = `${LOGGED_IN_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
