import { ApiError } from "../../lib/api-client";
import type { ApplicationPdfState } from "../../shared/api-types";
import {
  APPLICATION_PDF_LINK_SECONDS,
  PDF_POLL_PENDING_MS,
  PDF_POLL_SETTLED_MS,
  PENDING_PDF_STATUSES,
} from "../../shared/application-pdf";
import { GENERIC_ERROR_MESSAGE } from "../../shared/messages";

// What the PDF link shows (spec §4 "PDF download", §9 polling), as pure functions of the server's
// answers, so the rules are tested without React or timers.

export type PdfLinkState =
  /**
   * Nothing asked, and nothing will be until the applicant presses the control: the preview on
   * Final Steps, whose application changes as the applicant types (issue 36: every saved pause
   * made a new PDF).
   */
  | { phase: "idle" }
  /** Asked, the first answer on its way: spec §4 starts UNPROCESSED. */
  | { phase: "starting" }
  | { phase: "pending"; message: string }
  | { phase: "ready"; url: string; message: string; receivedAt: number }
  /** The server's message, or the catalogue's generic one (spec §8). */
  | { phase: "failed"; message: string }
  /** The browser is offline: a connection is needed. */
  | { phase: "offline" };

export function isPendingStatus(status: ApplicationPdfState["status"]): boolean {
  return (PENDING_PDF_STATUSES as readonly string[]).includes(status);
}

/** The link's state for an answer of GET /api/pdf, received at `now`. */
export function stateFromAnswer(answer: ApplicationPdfState, now: number): PdfLinkState {
  if (isPendingStatus(answer.status)) return { phase: "pending", message: answer.message };
  if (answer.status === "COMPLETED" && answer.url) {
    return { phase: "ready", url: answer.url, message: answer.message, receivedAt: now };
  }
  // FAILED, or an answer we cannot use (COMPLETED without a link).
  return {
    phase: "failed",
    message: answer.status === "FAILED" && answer.message ? answer.message : GENERIC_ERROR_MESSAGE,
  };
}

/** The link's state after a failed call: its message (the server's, or the catalogue's). */
export function stateFromError(error: unknown): PdfLinkState {
  return { phase: "failed", message: error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE };
}

/**
 * Spec §9: every 1,000 ms while the PDF is being made, every 600,000 ms once it is made or failed
 * (each answer brings a fresh link, so the one on the page keeps working); no polling offline or
 * before anything is asked. `settled: false` (the preview): no polling once made or failed, since a
 * poll of a changed application makes a new PDF; a link gone stale is renewed when followed.
 */
export function nextPollDelay(state: PdfLinkState, { settled = true } = {}): number | null {
  switch (state.phase) {
    case "starting":
    case "pending":
      return PDF_POLL_PENDING_MS;
    case "ready":
    case "failed":
      return settled ? PDF_POLL_SETTLED_MS : null;
    case "idle":
    case "offline":
      return null;
  }
}

/** A minute of margin: a link about to expire is renewed before it is followed. */
const STALE_MARGIN_MS = 60_000;

/** Whether a ready link may have expired (a sleeping tab missed its renewal). */
export function isLinkStale(state: PdfLinkState, now: number): boolean {
  return (
    state.phase === "ready" && now - state.receivedAt > APPLICATION_PDF_LINK_SECONDS * 1000 - STALE_MARGIN_MS
  );
}
