/**
 * How far `clock` is from the system clock, in ms: exact for a clock that reads the system clock
 * once and shifts it (the tests' clock, moved or frozen), read again if the millisecond turned
 * while it was read. The save's time is the database's clock shifted by this (decision 0017), so
 * a test that moves the app's clock moves the save's time with it.
 */
export function clockOffsetMs(clock: () => Date): number {
  let offset = 0;
  for (let attempt = 0; attempt < 5; attempt++) {
    const before = Date.now();
    offset = clock().getTime() - before;
    if (Date.now() === before) return offset;
  }
  return offset;
}
