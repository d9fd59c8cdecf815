// The form pages' prerendered first screens (decision 0018): which one a first visit gets, and
// where the build puts it. Shared by the build (scripts/prerender-shells.ts), the server's page
// fallback (server/plugins/client-app.ts) and the welcome banner the app renders.
import type { Language } from "../i18n/language";
import { isFormPagePath } from "./routes";

/** Spec §2's welcome banners: a visitor's "Welcome!", an applicant's "Hello!" and "Welcome Back!". */
export type WelcomeBannerKind = "visitor" | "hello" | "welcome-back";

/** What of the client snapshot (spec §3) decides the banner. */
export type WelcomeState = { is_logged_in: boolean; num_logins: number; has_changed_page: boolean };

/**
 * Spec §2: shown to visitors, and to applicants with fewer than 3 logins who have not changed page;
 * "Hello!" after one login, "Welcome Back!" after more. (An applicant counted with no login, which
 * countLogins never gives, would see the visitor's words, as before.)
 */
export function welcomeBannerFor(state: WelcomeState): WelcomeBannerKind | null {
  if (!state.is_logged_in) return "visitor";
  if (state.has_changed_page || state.num_logins >= 3) return null;
  if (state.num_logins === 0) return "visitor";
  return state.num_logins === 1 ? "hello" : "welcome-back";
}

/** A visitor's first screen, or a signed-in applicant's with the banner they are shown, or none. */
export const FIRST_SCREENS = ["visitor", "signed-in-hello", "signed-in-welcome-back", "signed-in"] as const;
export type FirstScreen = (typeof FIRST_SCREENS)[number];

/** The banner a first screen shows. */
export function bannerOfScreen(screen: FirstScreen): WelcomeBannerKind | null {
  if (screen === "visitor") return "visitor";
  if (screen === "signed-in-hello") return "hello";
  if (screen === "signed-in-welcome-back") return "welcome-back";
  return null;
}

/**
 * Where the build writes a form page's first screen in a language, relative to the client build:
 * English's under shells/, another language's under shells/<language>/ (issue 35).
 */
export function firstScreenFile(pagePath: string, screen: FirstScreen, language: Language = "en"): string {
  // A visitor's keeps the name it had before the signed-in screens existed.
  const file = screen === "visitor" ? `${pagePath}.html` : `/${screen}${pagePath}.html`;
  return `${shellsDir(language)}${file}`;
}

/** Where the build writes /login's first screen (a visitor's only) in a language. */
export function loginScreenFile(language: Language = "en"): string {
  return `${shellsDir(language)}/login.html`;
}

const shellsDir = (language: Language) => (language === "en" ? "shells" : `shells/${language}`);

/** What the server knows of a signed-in applicant when a page is requested. */
export type SignedInState = {
  /** Spec §3 num_logins: the count of successful logins, or 1 when there are none. */
  num_logins: number;
  submitted: boolean;
  last_page: string | null;
};

/**
 * The first screen of a signed-in applicant's first load of a form page, or null when the app would
 * not show that page (spec §2): a submitted application goes to /completion, and an applicant
 * whose last page is another form page is taken back to it. On a load nothing has changed page
 * yet, so the banner follows the sign-in count alone.
 */
export function signedInFirstScreen(state: SignedInState, pagePath: string): FirstScreen | null {
  if (state.submitted) return null;
  if (state.last_page !== null && state.last_page !== pagePath && isFormPagePath(state.last_page))
    return null;
  const banner = welcomeBannerFor({
    is_logged_in: true,
    num_logins: state.num_logins,
    has_changed_page: false,
  });
  if (banner === "hello") return "signed-in-hello";
  if (banner === "welcome-back") return "signed-in-welcome-back";
  // num_logins 0 (never counted so) would be the visitor's words: no screen rather than a guess.
  return banner === null ? "signed-in" : null;
}
