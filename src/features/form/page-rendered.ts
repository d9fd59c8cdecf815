import { createContext, useContext } from "react";

/**
 * What FormPageView calls once the form page on screen has rendered all its questions (they come
 * a step per idle moment, issue 15). FormLayout provides it, and holds back what sits below the
 * form, the footer included, until then: rendered earlier, it would be pushed down by every
 * question that arrives, a layout shift the applicant sees.
 */
export const PageRenderedContext = createContext<() => void>(() => {});

/** What FormPageView calls once its last question has rendered. */
export function useMarkPageRendered(): () => void {
  return useContext(PageRenderedContext);
}
