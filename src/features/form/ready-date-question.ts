import { dateQuestionLoadFailed, loadDateQuestion, loadedDateQuestion } from "./date-question-loader";

let warmUps: (() => void)[] | undefined;

/**
 * Readies a date question before the progressive render shows one (issue 15), a step per idle
 * moment, each a task of its own rather than part of the question's render: its module (only
 * /about has a date question, so it is loaded apart: question-view.tsx), then the Intl work its
 * first render does (DATE_FIELD_WARM_UPS). Only a date question needs Intl while the form renders:
 * the build makes React Aria's other uses lazy (vite-plugins/react-aria-lazy-intl.ts). True while
 * there was something to do; false once the question is ready, or once a try to load its module
 * has failed: the render goes on without waiting, the question showing when its module arrives.
 */
export function readyDateQuestion(): boolean {
  const module = loadedDateQuestion();
  if (!module) {
    if (dateQuestionLoadFailed()) return false;
    loadDateQuestion().catch(() => {});
    return true;
  }
  warmUps ??= [...module.DATE_FIELD_WARM_UPS];
  const next = warmUps.shift();
  if (!next) return false;
  try {
    next();
  } catch {
    // A warm-up only gives the question a head start (an older browser may lack a part of Intl).
  }
  return true;
}
