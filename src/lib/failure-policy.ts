// The one failure model of the client (issue 30, docs/architecture.md "Failure classes"): how each
// kind of call reacts to each class of failure (failure.ts says which class a failure is). The sync worker, the upload
// worker, the conversion poller, tabs, add-another, Submit and the header all read this module;
// a change of behaviour is a change of the table below, not a special case in a caller.
import type { Failure } from "./failure";

/** The kinds of call that can fail while the applicant works. */
export type CallKind =
  | "answer"
  | "last-page"
  | "web-status"
  | "validations"
  | "tabs"
  | "add-another"
  | "upload"
  | "document-delete"
  | "conversion-status"
  | "submit"
  | "language";

/**
 * How one kind of call reacts. Every queued kind waits for the connection and retries with backoff
 * on `no-connection`, and comes back after Retry-After on `server-busy`: those go through by
 * themselves. What differs is a server problem and a refusal.
 */
export type CallPolicy = {
  /**
   * Tries in all for a server problem before the applicant is told and the change waits for the
   * next trigger (an edit, a click, the connection coming back, a reload). Spec §9: no retry,
   * except web-status ("retried 2 times").
   */
  serverProblemTries: number;
  /**
   * What a server problem (once the tries are spent) does with the change: `keep` it queued for
   * the next trigger, `drop` it (the feature says so and shows the server's value again), or `hold`
   * it on the device, not sent, until the applicant tries again or dismisses the error.
   */
  onServerProblem: "keep" | "drop" | "hold";
  /**
   * What a refusal does: `set-aside` the refused answers (marked at their fields, the rest sent),
   * `drop` the change (it would be refused for ever), or `hold` it as above.
   */
  onRefused: "set-aside" | "drop" | "hold";
  /** Who tells the applicant: the header, an error toast (spec §8 label), the field, or the button. */
  tells: "header" | "toast" | "field" | "button";
  /** Spec §8: the error toast's label, for the kinds told by one (its accessible name). */
  toastLabel?: (name: string) => string;
  /** What the toast shows as its title when the label is not plain words (issue 37). */
  toastTitle?: (name: string) => string;
};

export const FAILURE_POLICY: Readonly<Record<CallKind, CallPolicy>> = {
  answer: { serverProblemTries: 1, onServerProblem: "keep", onRefused: "set-aside", tells: "header" },
  "last-page": { serverProblemTries: 1, onServerProblem: "keep", onRefused: "drop", tells: "header" },
  "web-status": { serverProblemTries: 3, onServerProblem: "keep", onRefused: "drop", tells: "header" },
  // The language kept with the account (issue 35): not in the spec; a change like last-page.
  language: { serverProblemTries: 1, onServerProblem: "keep", onRefused: "drop", tells: "header" },
  validations: { serverProblemTries: 1, onServerProblem: "keep", onRefused: "drop", tells: "header" },
  tabs: {
    serverProblemTries: 1,
    onServerProblem: "drop",
    onRefused: "drop",
    tells: "toast",
    toastLabel: (tab) => `Error handling tabs for ${tab}`,
    toastTitle: (tab) => `Your choice for ${tab} was not saved`,
  },
  "add-another": {
    serverProblemTries: 1,
    onServerProblem: "drop",
    onRefused: "drop",
    tells: "toast",
    toastLabel: (button) => `Error adding another ${button}`,
  },
  upload: {
    serverProblemTries: 1,
    onServerProblem: "hold",
    onRefused: "hold",
    tells: "toast",
    toastLabel: (field) => `Error uploading file for ${field}`,
  },
  "document-delete": {
    serverProblemTries: 1,
    onServerProblem: "keep",
    onRefused: "drop",
    tells: "toast",
    toastLabel: (field) => `Error uploading file for ${field}`,
  },
  "conversion-status": { serverProblemTries: 1, onServerProblem: "drop", onRefused: "drop", tells: "field" },
  submit: { serverProblemTries: 1, onServerProblem: "keep", onRefused: "drop", tells: "button" },
};

/** Capped exponential backoff with ±20 % jitter, so many clients do not retry in step. */
export function retryDelay(attempt: number, base: number, max: number, random: () => number): number {
  return Math.min(max, base * 2 ** attempt) * (0.8 + 0.4 * random());
}

/**
 * When to send again after a failure that retries by itself: the server's Retry-After (with a
 * little jitter, at most `max`), else the backoff.
 */
export function nextTryIn(
  failure: Failure,
  attempt: number,
  options: { base: number; max: number; random: () => number },
): number {
  if (failure.class === "server-busy" && failure.retryAfterMs !== undefined) {
    return Math.min(options.max, failure.retryAfterMs) * (1 + 0.2 * options.random());
  }
  return retryDelay(attempt, options.base, options.max, options.random);
}
