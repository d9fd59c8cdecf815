import { oncePart } from "../../lib/load-part";

// Parts of the form's code that load apart from the first screen's (issue 15), once: a failed load
// (the network gone before the service worker had it) keeps trying and says so at once, so that
// the progressive render goes on without waiting for it (ready-question-parts.ts).

/** The date question: its picker (calendar, dialog, popover) and dates' code; only /about has one. */
export const datePart = oncePart(() => import("./date-question"));

/**
 * The questions and controls built on React Aria's collections: selects, month/year selects, the
 * lookups' combo boxes, a section's tabs. The first screen of /about (its type of application,
 * names) needs none of them, and the collections' code is a fifth of the form's.
 */
export const collectionsPart = oncePart(() => import("./collection-questions"));

/**
 * The buttons under a form page (back, "Save and continue", "Submit application") with the
 * submission's code: rendered once every question is, which a first visit's load no longer waits
 * for (issue 34). The progressive render readies it before the page's last unit.
 */
export const pageActionsPart = oncePart(() => import("../application/page-actions"));

/**
 * A file question (the documents feature: upload queue, polling, dialogs). Readied before the first
 * file question shows, like the others: what follows it ("Add another college") no longer shows
 * first and then moves down when it arrives, under a tap aimed at it.
 */
export const filePart = oncePart(() => import("../documents/file-question"));
