import { startTransition, useEffect, useLayoutEffect, useRef, useState } from "react";
import { whenIdle } from "../../lib/when-idle";

/**
 * The longest a step waits for an idle moment: a page that is seldom idle (a phone busy with other
 * work) still finishes rendering within seconds. The step's task is as short either way.
 */
const STEP_WAIT_MS = 100;
/**
 * What a step may take, from its render to its commit: a device fast enough to render a step in
 * half of it renders twice as many units at the next (up to MAX_STEP), one slower than it half as
 * many (at least one). A phone stays at a question or two a step; a desktop finishes a long page
 * several times sooner.
 */
const STEP_BUDGET_MS = 8;
const MAX_STEP = 8;

/**
 * How many of a page's `total` units (questions) to render: those that fill the first screen at
 * once (`initial`), then a step more per idle moment (its size adapted to the device, see
 * STEP_BUDGET_MS), each as a transition that React renders in slices, so no main-thread task is
 * long while the applicant can already read and type (issue 15):
 * a commit (DOM insertion and React Aria's layout effects) cannot be sliced, so its size is the
 * step's. `all` (a fragment link to a question, which must land on it at once) renders every unit
 * now. Once everything has been shown it stays shown: units that appear later render at once.
 *
 * `paused`: no step comes while it is true (the units rendered so far reach well below what the
 * applicant sees, and nothing has asked for the rest yet; see FormPageView): what a first visit
 * does not need is not rendered during its load (issue 34).
 *
 * `prepare(unit)` is asked, in an idle moment, before a step that renders unit `unit`: true means
 * it did work there or is still loading the unit's code. The step then ends before that unit: the
 * units before it render now (the render is a transition, a task of its own), and when it is the
 * next unit the step waits for the next idle moment.
 */
export function useProgressiveCount(
  total: number,
  {
    initial,
    all,
    paused = false,
    step = 1,
    prepare,
    clock = () => performance.now(),
  }: {
    initial: number;
    all: boolean;
    /** No step while true (those below the first screens wait until they are asked for). */
    paused?: boolean;
    /** The first step's size. */
    step?: number;
    prepare?: (unit: number) => boolean;
    /** Milliseconds, for a step's time (a test's own clock). */
    clock?: () => number;
  },
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
  const clockRef = useRef(clock);
  clockRef.current = clock;

  const stepSize = useRef(step);
  const stepping = useRef(false);
  // When this render began (the page's own render comes before its questions'): a step's time runs
  // from it to the step's commit, the work a step's size decides.
  const renderedAt = clock();
  useLayoutEffect(() => {
    if (!stepping.current) return;
    stepping.current = false;
    const spent = clockRef.current() - renderedAt;
    if (spent < STEP_BUDGET_MS / 2) stepSize.current = Math.min(MAX_STEP, stepSize.current * 2);
    else if (spent > STEP_BUDGET_MS) stepSize.current = Math.max(1, Math.floor(stepSize.current / 2));
  }, [shown]);

  useEffect(() => {
    if (complete || paused) return;
    let cancel = whenIdle(
      function next() {
        let size = stepSize.current;
        // Every unit the step renders is ready first, each preparation an idle moment's work. A unit
        // still being readied ends the step before it: those ready before it show now (a college's
        // credits need not wait for its transcript question's code), it and the rest at a later step.
        for (let unit = shown; unit < Math.min(shown + size, total); unit++) {
          if (!prepareRef.current?.(unit)) continue;
          if (unit === shown) {
            cancel = whenIdle(next, STEP_WAIT_MS, 16);
            return;
          }
          size = unit - shown;
          break;
        }
        stepping.current = true;
        startTransition(() =>
          setShown((count) => (count + size >= total ? Number.POSITIVE_INFINITY : count + size)),
        );
      },
      STEP_WAIT_MS,
      16,
    );
    return () => cancel();
  }, [complete, paused, shown, total]);

  return complete ? total : shown;
}
