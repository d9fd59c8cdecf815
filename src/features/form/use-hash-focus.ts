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
 * Spec §2: /{page}#{questionKey} (the validation summary's links) scrolls to the question and
 * focuses it, on arrival and whenever the hash changes. It waits a frame so that it runs after the
 * layout moves focus to a new page's heading.
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
    const frame = requestAnimationFrame(() => focusQuestion(id));
    return () => cancelAnimationFrame(frame);
  }, [hash, key]);
}
