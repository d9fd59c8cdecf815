import { ApiError } from "../../lib/api-client";
import { classifyFailure } from "../../lib/failure";
import type { SubmitOutcome } from "../../shared/api-types";
import type { WebStatus } from "../profile/client-snapshot";
import type { ErrorMap } from "./application-check";

export type SubmitSteps = {
  /** Sends what is waiting; resolves when the queue is empty or the worker must wait. */
  flush: () => Promise<void>;
  /** Changes the server's check reads (answers, counts, tabs) still waiting after a flush. */
  pending: () => Promise<number>;
  advance: (status: WebStatus) => Promise<void>;
  /** The whole application checked on the device. */
  check: () => Promise<ErrorMap>;
  /** Queues the errors for POST /api/validations. */
  report: (errors: ErrorMap) => Promise<void>;
  /** POST /api/submit; throws ApiError. */
  submit: () => Promise<SubmitOutcome>;
};

export type SubmitResult =
  | { kind: "submitted" }
  /** Missing or invalid answers; `server` holds the server's list when it refused the submission. */
  | { kind: "errors"; errors: ErrorMap; server: boolean }
  /** The server could not be reached (or has not got every answer yet): nothing was submitted. */
  | { kind: "unsent" }
  | { kind: "failed"; message: string };

export const UNSENT_MESSAGE =
  "We couldn't reach the server, so your application has not been submitted yet. Your answers are saved on this device. Please submit again when you're back online.";
export const SUBMIT_BUSY_MESSAGE =
  "The server is busy, so your application has not been submitted yet. Your answers are saved on this device. Please submit again in a moment.";

/**
 * Spec §4 "Submit (logged in)": save, mark the application validating, check it on the device and
 * report the errors, then ask the server, which checks its own copy of the answers again. The
 * device's check comes first so that missing answers show even offline.
 */
export async function submitApplication(steps: SubmitSteps): Promise<SubmitResult> {
  await steps.flush();
  await steps.advance("validating");
  const errors = await steps.check();
  await steps.report(errors);
  await steps.flush();
  if (Object.keys(errors).length > 0) return { kind: "errors", errors, server: false };
  // The server must hold every answer before it checks them.
  if ((await steps.pending()) > 0) return { kind: "unsent" };
  // One request per click (spec §9: no retry); what failed is said as it was (failure-policy.ts).
  try {
    await steps.submit();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const serverErrors = error.status === 422 ? errorMapOf(error.body?.errors) : null;
    if (serverErrors) return { kind: "errors", errors: serverErrors, server: true };
    const failure = classifyFailure(error);
    if (failure.class === "no-connection") return { kind: "unsent" };
    if (failure.class === "server-busy") return { kind: "failed", message: SUBMIT_BUSY_MESSAGE };
    return { kind: "failed", message: failure.message };
  }
  await steps.advance("submitted");
  return { kind: "submitted" };
}

function errorMapOf(value: unknown): ErrorMap | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string[]] =>
      Array.isArray(entry[1]) && entry[1].every((message) => typeof message === "string"),
  );
  return Object.fromEntries(entries);
}
