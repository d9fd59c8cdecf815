import { useEffect } from "react";
import { useLocation } from "react-router-dom";

const FOCUSABLE = [
  'input:not([type="hidden"]):not([tabindex="-1"]):not([aria-hidden="true"])',
  'button:not([tabindex="-1"])',
  "textarea",
  '[tabindex="0"]',
].join(", ");

/** Focuses the control whose id (the question key) is `id`, or the first control inside it. */
export function focusQuestion(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  const target = element.matches(FOCUSABLE) ? element : element.querySelector<HTMLElement>(FOCUSABLE);
  element.scrollIntoView({ block: "center" });
  target?.focus({ preventScroll: true });
  return target !== null;
}

/**
 * How long a fragment link waits for its question to appear: one whose code is loaded apart
 * (question-parts.ts) shows once that has arrived.
 */
const WAIT_FOR_QUESTION_MS = 10_000;

/**
 * Spec §2: /{page}#{questionKey} (the validation summary's links) scrolls to the question and
 * focuses it, on arrival and whenever the hash changes. It waits a frame so that it runs after the
 * layout moves focus to a new page's heading, and a frame more each time the question is not there
 * yet (its part still loading).
 */
export function useHashFocus(): void {
  const { hash, key } = useLocation();
  // `key` too: a new location entry with the same hash (a repeated link) focuses again.
  useEffect(() => {
    if (hash.length < 2) return;
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return;
    }
    const until = performance.now() + WAIT_FOR_QUESTION_MS;
    let frame = requestAnimationFrame(function tryFocus() {
      if (document.getElementById(id)) focusQuestion(id);
      else if (performance.now() < until) frame = requestAnimationFrame(tryFocus);
    });
    return () => cancelAnimationFrame(frame);
  }, [hash, key]);
}
