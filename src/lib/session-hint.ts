import { LOGGED_IN_HINT_COOKIE } from "../shared/constants";

/** Spec §6: logged in means our readable hint cookie exists (the session cookie itself is HttpOnly). */
export function hasSessionHint(cookies: string = document.cookie): boolean {
  return cookies.split(";").some((part) => part.trim().startsWith(`${LOGGED_IN_HINT_COOKIE}=`));
}
