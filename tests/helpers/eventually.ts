import { vi } from "vitest";
import { STATE_WAIT_MS } from "./test-budgets";

/**
 * Waits until `assertion` passes (a state, never a time), retrying every `intervalMs`; fails with
 * the assertion's last error after STATE_WAIT_MS, within the test's own timeout. vi.waitFor's
 * default of one second is a guess at the machine's speed that a busy machine loses.
 */
export function eventually<T>(assertion: () => T | Promise<T>, intervalMs = 20): Promise<T> {
  return vi.waitFor(assertion, { timeout: STATE_WAIT_MS, interval: intervalMs });
}
