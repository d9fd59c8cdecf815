import type { ErrorMap } from "./application-check";

// What the last submit attempt left behind, shared by the submit button and the validation summary
// (which live on different parts of the screen). No React here; components subscribe.

type State = {
  /** Bumped by every submit attempt that found errors: the summary takes focus then. */
  attempt: number;
  /** The server's errors from its last refusal, and the answers they were about. */
  serverErrors: ErrorMap;
  answersAtRefusal: Readonly<Record<string, string>>;
};

let state: State = { attempt: 0, serverErrors: {}, answersAtRefusal: {} };
/** The attempt whose summary has taken focus (each page mounts its own summary). */
let focusedAttempt = 0;
const listeners = new Set<() => void>();

export function submissionState(): State {
  return state;
}

export function subscribeSubmission(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once per attempt that found errors: the summary that asks first takes focus. */
export function claimSummaryFocus(attempt: number): boolean {
  if (attempt === 0 || attempt === focusedAttempt) return false;
  focusedAttempt = attempt;
  return true;
}

export function recordRefusal(serverErrors: ErrorMap, answers: Readonly<Record<string, string>>): void {
  state = { attempt: state.attempt + 1, serverErrors, answersAtRefusal: answers };
  for (const listener of listeners) listener();
}

/**
 * The server's errors that still apply: an error about a field the applicant has changed since is
 * dropped (the device's own check speaks for it now).
 */
export function currentServerErrors(answers: Readonly<Record<string, string>>): ErrorMap {
  const { serverErrors, answersAtRefusal } = state;
  return Object.fromEntries(
    Object.entries(serverErrors).filter(([key]) => (answers[key] ?? "") === (answersAtRefusal[key] ?? "")),
  );
}
