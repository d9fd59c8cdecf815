import { startTransition, useEffect, useRef, useState } from "react";
import { whenIdle } from "../../lib/when-idle";

/**
 * The longest a step waits for an idle moment. A busy page (a slow phone, a loaded machine) may
 * have none for long: with a second, a long page took a minute and more to render in a loaded test
 * run, which no applicant should wait for. The step's task is as short either way.
 */
const STEP_WAIT_MS = 100;

/**
 * How many of a page's `total` units (questions) to render: those that fill the first screen at
 * once (`initial`), then `step` more per idle moment, each as a transition that React renders in
 * slices, so no main-thread task is long while the applicant can already read and type (issue 15):
 * a commit (DOM insertion and React Aria's layout effects) cannot be sliced, so its size is the
 * step's. `all` (a fragment link to a question, which must land on it at once) renders every unit
 * now. Once everything has been shown it stays shown: units that appear later render at once.
 *
 * `prepare(unit)` is asked, in an idle moment, before the step that renders unit `unit`: true means
 * it did work there (which a step of its own would have made a longer task), and the step waits
 * for the next idle moment.
 */
export function useProgressiveCount(
  total: number,
  initial: number,
  all: boolean,
  step = 1,
  prepare?: (unit: number) => boolean,
): number {
  // Infinity once everything has been shown: questions revealed later by an answer render at once,
  // and none already rendered (the page's last) is taken away to make room for them.
  const [shown, setShown] = useState(() => (all || initial >= total ? Number.POSITIVE_INFINITY : initial));
  const complete = all || shown >= total;

  useEffect(() => {
    if (all) setShown(Number.POSITIVE_INFINITY);
  }, [all]);

  // The latest `prepare`, read when a step comes: a new one (the page's sections recomputed) must
  // not put the coming step off, or a page re-rendered often enough would never finish.
  const prepareRef = useRef(prepare);
  prepareRef.current = prepare;

  useEffect(() => {
    if (complete) return;
    let cancel = whenIdle(
      function next() {
        if (prepareRef.current?.(shown)) {
          cancel = whenIdle(next, STEP_WAIT_MS, 16);
          return;
        }
        startTransition(() =>
          setShown((count) => (count + step >= total ? Number.POSITIVE_INFINITY : count + step)),
        );
      },
      STEP_WAIT_MS,
      16,
    );
    return () => cancel();
  }, [complete, shown, step, total]);

  return complete ? total : shown;
}
