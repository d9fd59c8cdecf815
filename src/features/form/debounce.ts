export type Debounced<A extends unknown[]> = {
  (...args: A): void;
  cancel: () => void;
};

/**
 * Calls `fn` with the latest arguments once calls pause for `wait` ms, and at least every
 * `maxWait` ms while they keep coming (spec §9 lookups: 200 ms, at most 500 ms).
 */
export function debounce<A extends unknown[]>(
  fn: (...args: A) => void,
  wait: number,
  maxWait: number = Number.POSITIVE_INFINITY,
): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstPending: number | undefined;
  let latest: A | undefined;

  const fire = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    firstPending = undefined;
    const args = latest;
    latest = undefined;
    if (args) fn(...args);
  };

  const debounced = (...args: A) => {
    const now = Date.now();
    latest = args;
    firstPending ??= now;
    if (timer !== undefined) clearTimeout(timer);
    const untilMax = firstPending + maxWait - now;
    timer = setTimeout(fire, Math.max(0, Math.min(wait, untilMax)));
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    firstPending = undefined;
    latest = undefined;
  };
  return debounced;
}
