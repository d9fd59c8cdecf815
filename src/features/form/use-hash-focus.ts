import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { focusPageStart } from "../../lib/page-start";

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
/** The page counts as settled once its layout has not changed for this long. */
const SETTLED_MS = 1_500;

/**
 * Keeps the question `id` in view while the page around it still grows (the validation summary,
 * parts of questions above it arriving: each pushes it down, issue 37), as long as focus stays in
 * it and the applicant does not scroll or move on themselves. Returns a function that stops.
 */
export function keepInView(id: string): () => void {
  const main = document.getElementById("main");
  const question = document.getElementById(id);
  if (!main || !question || typeof ResizeObserver === "undefined") return () => {};
  let settled: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    observer.disconnect();
    clearTimeout(settled);
    for (const type of ["wheel", "touchmove", "keydown", "pointerdown"] as const)
      window.removeEventListener(type, stop, true);
  };
  const observer = new ResizeObserver(() => {
    clearTimeout(settled);
    settled = setTimeout(stop, SETTLED_MS);
    if (!question.isConnected || !question.contains(document.activeElement)) return stop();
    const box = question.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) question.scrollIntoView({ block: "center" });
  });
  observer.observe(main);
  settled = setTimeout(stop, SETTLED_MS);
  for (const type of ["wheel", "touchmove", "keydown", "pointerdown"] as const)
    window.addEventListener(type, stop, true);
  return stop;
}

/**
 * Spec §2: /{page}#{questionKey} (the validation summary's links) scrolls to the question and
 * focuses it, on arrival and whenever the hash changes, and keeps it in view while the page
 * settles. It waits a frame so that it runs after the layout moves focus to a new page's heading,
 * and a frame more each time the question is not there yet (its part still loading). #main (the
 * skip link's target) is the start of the page's content.
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
    let stopKeeping = () => {};
    let frame = requestAnimationFrame(function tryFocus() {
      if (id === "main") focusPageStart();
      else if (document.getElementById(id)) {
        if (focusQuestion(id)) stopKeeping = keepInView(id);
      } else if (performance.now() < until) frame = requestAnimationFrame(tryFocus);
    });
    return () => {
      cancelAnimationFrame(frame);
      stopKeeping();
    };
  }, [hash, key]);
}
