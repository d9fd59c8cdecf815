import { createContext, useContext } from "react";

/**
 * Whether the form page on screen has rendered all its questions (they come one per idle moment,
 * issue 15). What sits below the form, the footer included, waits for it: rendered earlier, it
 * would be pushed down by every question that arrives, a layout shift the applicant sees.
 * FormLayout provides it; pages that are not form pages count as rendered.
 */
export const PageRenderedContext = createContext<{ rendered: boolean; markRendered: () => void }>({
  rendered: true,
  markRendered: () => {},
});

/** True once the form page on screen has rendered every question (always, off form pages). */
export function usePageRendered(): boolean {
  return useContext(PageRenderedContext).rendered;
}

/** What FormPageView calls once its last question has rendered. */
export function useMarkPageRendered(): () => void {
  return useContext(PageRenderedContext).markRendered;
}
