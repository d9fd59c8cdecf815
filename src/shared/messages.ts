// The spec's error catalogue (§8) and fixed screen texts. Client and server both use these,
// so the wording exists once.

export const GENERIC_ERROR_MESSAGE =
  "We've encountered an unexpected error at this time. Please try again later.";

/** Spec §8: the server's 401 message (the body of every refused call without a session). */
export const UNAUTHORIZED_MESSAGE = "Your session is invalid. Please clear your cookies and login again.";

/**
 * What the sign-in screen says after a sign-out or a lost session, where spec §8 shows
 * UNAUTHORIZED_MESSAGE: the same news in plain words, without "clear your cookies", which an
 * applicant need not do (the server ends the session; issue 37, decision 0015).
 */
export const SIGNED_OUT_MESSAGE =
  "You have been signed out. Please sign in again to go on with your application.";

export const INACTIVITY_LOGOUT_MESSAGE = "You have been automatically logged out due to inactivity.";

export const ERROR_SCREEN_TITLE = "Something went wrong.";
export const ERROR_SCREEN_TEXT =
  "The issue that caused you to see this has been logged. We will get it fixed as soon as possible.";

export const COMPLETION_MESSAGE = "Your application was successfully submitted.";

/** Our wording for a call that got no answer at all (the spec's catalogue has none). */
export const NETWORK_ERROR_MESSAGE =
  "We couldn't reach the server. Please check your internet connection and try again.";

/** The validation summary's heading (spec §2). */
export const MISSING_INFORMATION_MESSAGE = "We're missing some information!";

/** Any change to a submitted application (answers, add-another counts, tabs) is refused with this (409). */
export const SUBMITTED_READ_ONLY_MESSAGE =
  "Your application has been submitted, so it can no longer be changed. If something needs correcting, please contact the admissions office.";

/** A service link (spec §6 `service_token`) that is unknown, malformed or past its expiry (401). */
export const SERVICE_LINK_INVALID_MESSAGE = "This link has expired or is not valid.";
