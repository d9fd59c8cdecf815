import type { Question } from "../../form/catalogue-types";
import type { OncePart } from "../../lib/load-part";
import { collectionsPart, datePart, filePart, pageActionsPart } from "./question-parts";

/** A signed-in applicant's tab list, as a unit of progressive rendering. */
export const TAB_LIST = "tab-list";
/** What the progressive render shows in a step: a question, or a tabbed section's tab list. */
export type RenderedUnit = Question | typeof TAB_LIST;

let dateWarmUps: (() => void)[] | undefined;

/**
 * Readies the code a unit needs before the progressive render shows it (issue 15), a step per idle
 * moment, each a task of its own rather than part of the unit's render: the part holding its code
 * (question-parts.ts), and for a date question then the Intl work its first render does
 * (DATE_FIELD_WARM_UPS). Only a date question needs Intl while the form renders: the build makes
 * React Aria's other uses lazy (vite-plugins/react-aria-lazy-intl.ts). True while there was
 * something to do; false once the unit is ready, or once a try to load its part has failed: the
 * render goes on without waiting, the unit showing when its part arrives.
 */
export function readyUnit(unit: RenderedUnit): boolean {
  if (unit === TAB_LIST) return readyPart(collectionsPart);
  switch (unit.kind) {
    case "select":
    case "conditionalSelect":
    case "monthYear":
    case "autocomplete":
      return readyPart(collectionsPart);
    case "date":
      return readyPart(datePart) || warmUpDate();
    case "file":
      return readyPart(filePart);
    default:
      return false;
  }
}

/**
 * Starts loading what follows a page's last unit (its actions), without holding the unit up: they
 * show below the last question when their code is there, which at this point is mostly at once.
 */
export function readyPageEnd(): void {
  readyPart(pageActionsPart);
}

/** Starts loading `part` if it is not loaded: true while it is loading. */
function readyPart(part: OncePart<unknown>): boolean {
  if (part.loaded()) return false;
  if (part.failed()) return false;
  part.load().catch(() => {});
  return true;
}

function warmUpDate(): boolean {
  const module = datePart.loaded();
  if (!module) return false;
  dateWarmUps ??= [...module.DATE_FIELD_WARM_UPS];
  const next = dateWarmUps.shift();
  if (!next) return false;
  try {
    next();
  } catch {
    // A warm-up only gives the question a head start (an older browser may lack a part of Intl).
  }
  return true;
}
