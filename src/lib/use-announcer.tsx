import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";

/** A region emptied and filled again this soon after is heard again (screen readers notice the change). */
const REFILL_MS = 100;

/**
 * A polite live region of the component's own, always on the page (a region given its text as it
 * appears is often not heard), and `announce` to say something in it once. Each call is heard,
 * the same words again included: the region is emptied first, then filled. Render `announcer` once.
 */
export function useAnnouncer(): { announcer: ReactNode; announce: (text: string) => void } {
  const [said, setSaid] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const announce = useCallback((text: string) => {
    clearTimeout(timer.current);
    setSaid("");
    timer.current = setTimeout(() => setSaid(text), REFILL_MS);
  }, []);
  const announcer = (
    <p className="visually-hidden" aria-live="polite">
      {said}
    </p>
  );
  return { announcer, announce };
}
