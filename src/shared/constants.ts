// Business constants of spec §9 that both client and server rely on.

export const IDLE_TIMEOUT_MS = 900_000;
export const IDLE_WARNING_MS = 60_000;
export const ACTIVITY_THROTTLE_MS = 200;
/** Absolute session lifetime, whatever the activity. */
export const SESSION_MAX_AGE_MS = 12 * 60 * 60 * 1000;

export const TOAST_TIMEOUT_MS = 5_000;
export const ERROR_TOAST_TIMEOUT_MS = 300_000;
/** A toast dragged sideways this far is dismissed (spec §9 swipe threshold). */
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** Spec §9: the key that moves focus to the notifications. */
export const TOAST_HOTKEY = "F8";

export const DEFAULT_TEXT_MAX = 45;
export const DEFAULT_TEXTAREA_MAX = 1500;
/** Longest answer the server stores: the partner's long-text limit. */
export const MAX_ANSWER_LENGTH = 7000;

/** Paths the client shell must never answer for: they belong to the server. */
export const SERVER_PATH_PREFIXES = [
  "/api/",
  "/public/",
  "/service/",
  "/lookup/",
  "/files/",
  "/integration/",
  "/staff/api/",
] as const;

/** Header our API client sets on every call; its presence is part of the CSRF defence. */
export const CLIENT_HEADER = "X-Admissions-Client";

/** Name of the readable cookie that tells the client a session exists (spec §6). */
export const LOGGED_IN_HINT_COOKIE = "adm_logged_in";
export const SESSION_COOKIE = "adm_session";
/** HttpOnly cookie naming the sign-ups this browser made, until it confirms (issue 36). */
export const SIGNUP_COOKIE = "adm_signup";
/**
 * Over HTTPS both cookies take this prefix (ASVS 5.0 V3.3.1): browsers accept a `__Host-` cookie
 * only when it is Secure, for Path=/ and without Domain, so a sibling subdomain or a plain-HTTP
 * page cannot plant or overwrite it. Over plain HTTP (127.0.0.1) the names stay unprefixed.
 */
export const SECURE_COOKIE_PREFIX = "__Host-";

/** A cookie's name over HTTPS (`secure`) or plain HTTP. */
export function cookieName(name: string, secure: boolean): string {
  return secure ? `${SECURE_COOKIE_PREFIX}${name}` : name;
}

/** Spec §4/§9 add another: blocks shown by default, and the most a repeat may have. */
export const ADD_ANOTHER_DEFAULT_COUNT = 1;
export const ADD_ANOTHER_MAX_COUNT = 10;
