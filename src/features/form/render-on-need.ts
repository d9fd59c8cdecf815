import { useCallback, useEffect, useState } from "react";
import { whenIdle } from "../../lib/when-idle";

/**
 * How far below the screen the rendered questions reach before the rest waits: a screen more, so
 * that a scroll finds questions there, and the next ones render as it comes near them.
 */
const AHEAD = "0px 0px 100% 0px";
/**
 * Once the page has been open this long (and is then idle), the rest renders anyway, a step per
 * idle moment: a find in page, a screen reader reading on, a printout see every question.
 */
const REST_AFTER_MS = 3_000;

/**
 * Whether a form page's progressive render should wait (issue 34): the questions below the first
 * screens are not rendered during a first visit's load, the main thread's largest work there, but
 * when the applicant comes near them (`sentinel`, an element after the rendered questions, is
 * within a screen of the viewport), once they are in the form (`ask`: the first focus, so that Tab
 * finds the next questions), or after a quiet spell. A fragment link renders every question at
 * once (useProgressiveCount's `all`). Where IntersectionObserver is missing nothing waits.
 */
export function useRenderOnNeed(): {
  sentinel: (node: HTMLElement | null) => (() => void) | undefined;
  paused: boolean;
  ask: () => void;
} {
  const [near, setNear] = useState(true);
  const [asked, setAsked] = useState(false);
  const sentinel = useCallback((node: HTMLElement | null) => {
    if (!node || typeof IntersectionObserver === "undefined") return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const last = entries.at(-1);
        if (last) setNear(last.isIntersecting);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    if (asked) return;
    let cancelIdle = () => {};
    const timer = setTimeout(() => {
      cancelIdle = whenIdle(() => setAsked(true), 1_000, 16);
    }, REST_AFTER_MS);
    return () => {
      clearTimeout(timer);
      cancelIdle();
    };
  }, [asked]);
  const ask = useCallback(() => setAsked(true), []);
  return { sentinel, paused: !near && !asked, ask };
}
