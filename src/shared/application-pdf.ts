// The application PDF (spec §4 "PDF download", §7 `GET /api/pdf`, §9 polling; decision 0013):
// what the server and the client agree on.

/** Spec §7: starts the PDF of the signed-in applicant's application, or reports it. */
export const APPLICATION_PDF_API_PATH = "/api/pdf";

/** Where a COMPLETED PDF is served: `?token=` from `url`, for the owner's session only. */
export const APPLICATION_PDF_PATH = "/files/application-pdf";

/**
 * How long a PDF link works. Longer than the settled polling interval (spec §9: 600,000 ms), so the
 * link on the page is always a working one: every poll brings a fresh one.
 */
export const APPLICATION_PDF_LINK_SECONDS = 15 * 60;

/** Spec §9: poll every 1,000 ms while the PDF is being made… */
export const PDF_POLL_PENDING_MS = 1_000;
/** …and every 600,000 ms once it is made or has failed. */
export const PDF_POLL_SETTLED_MS = 600_000;

/** Statuses a PDF passes through while it is being made (keep polling every second). */
export const PENDING_PDF_STATUSES = ["UNPROCESSED", "IN_PROGRESS"] as const;

/** Our own failure to make the PDF (Chromium, a timeout), in words for the applicant. */
export const APPLICATION_PDF_FAILED_MESSAGE =
  "We couldn't make your application PDF just now. Please try again in a few minutes.";
