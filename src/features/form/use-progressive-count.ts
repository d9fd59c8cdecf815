import { startTransition, useEffect, useState } from "react";
import { whenIdle } from "../../lib/when-idle";

/**
 * How many of a page's `total` units (questions) to render: those that fill the first screen at
 * once (`initial`), then `step` more per idle moment, each as a transition that React renders in
 * slices, so no main-thread task is long while the applicant can already read and type (issue 15):
 * a commit (DOM insertion and React Aria's layout effects) cannot be sliced, so its size is the
 * step's. `all` (a fragment link to a question, which must land on it at once) renders every unit
 * now. Once everything has been shown it stays shown: units that appear later render at once.
 */
export function useProgressiveCount(total: number, initial: number, all: boolean, step = 1): number {
  // Infinity once everything has been shown: questions revealed later by an answer render at once,
  // and none already rendered (the page's last) is taken away to make room for them.
  const [shown, setShown] = useState(() => (all || initial >= total ? Number.POSITIVE_INFINITY : initial));
  const complete = all || shown >= total;

  useEffect(() => {
    if (all) setShown(Number.POSITIVE_INFINITY);
  }, [all]);

  useEffect(() => {
    if (complete) return;
    return whenIdle(
      () =>
        startTransition(() =>
          setShown((count) => (count + step >= total ? Number.POSITIVE_INFINITY : count + step)),
        ),
      1_000,
      16,
    );
  }, [complete, shown, step, total]);

  return complete ? total : shown;
}
