// What a failed call was: the three truths of issue 30 (no connection, the server had a problem,
// refused), with a busy server and an ended session. How each kind of call reacts to each is
// failure-policy.ts's table; this half is small, for the first screen (the profile's load).
import { GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from "../shared/messages";
import { ApiError } from "./api-client";

/**
 * - `no-connection`: the request never reached a server, or no answer came (offline, DNS, refused
 *   or reset connection, timeout). Nothing to do: it goes through once the network allows.
 * - `server-busy`: the server asked us to come back later (503 or 429 with Retry-After).
 * - `server-problem`: the server answered with a failure (5xx), or something answered that is not
 *   our API (an HTML page, even with status 200: a proxy's or a captive portal's).
 * - `refused`: our API refused the request for what it is (4xx).
 * - `signed-out`: the session ended (401).
 */
export type FailureClass = "no-connection" | "server-busy" | "server-problem" | "refused" | "signed-out";

export type Failure = {
  class: FailureClass;
  /** What the applicant reads: the server's message when it gave one, else the catalogue's words. */
  message: string;
  status?: number;
  /** For `server-busy`: when to come back. */
  retryAfterMs?: number;
  /** Our API's JSON body, when there was one (e.g. `fields`, `errors`, `expected_seq`). */
  body?: Record<string, unknown>;
};

/** What a failed call was (spec §8's error catalogue, with the no-connection case it lacks). */
export function classifyFailure(error: unknown): Failure {
  if (!(error instanceof ApiError)) {
    // A fetch that timed out outside the API client, or a bug of ours: never "offline".
    if (error instanceof DOMException && error.name === "TimeoutError") {
      return { class: "no-connection", message: NETWORK_ERROR_MESSAGE };
    }
    return { class: "server-problem", message: GENERIC_ERROR_MESSAGE };
  }
  const { status, body, retryAfterMs } = error;
  const facts = { status, body, retryAfterMs };
  if (error.kind === "unauthorized") return { class: "signed-out", message: error.message, ...facts };
  if (error.kind === "network") return { class: "no-connection", message: NETWORK_ERROR_MESSAGE };
  if ((status === 503 || status === 429) && retryAfterMs !== undefined) {
    return { class: "server-busy", message: error.message, ...facts };
  }
  const fromOurApi = body !== undefined;
  if (!fromOurApi || status === undefined || status >= 500 || status === 429 || status === 503) {
    return { class: "server-problem", message: fromOurApi ? error.message : GENERIC_ERROR_MESSAGE, ...facts };
  }
  return { class: "refused", message: error.message, ...facts };
}

/** Retried by the client itself, without the applicant: no connection, or the server said when. */
export function retriesByItself(failure: Failure): boolean {
  return failure.class === "no-connection" || failure.class === "server-busy";
}
