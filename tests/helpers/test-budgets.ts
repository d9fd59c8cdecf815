// The one time budget a unit or API test has is its timeout: it decides only when a test that
// never reaches its state is reported, never how fast a passing test must be (issue 31: the suites
// pass at load average 25 on two cores, where everything runs ten times slower or more). Waits for
// a state (findBy…, waitFor, expect.poll, eventually) give up a little before it, so a failure
// still says what was last seen.

/** vitest.config.ts: a test's timeout (tests that start processes or browsers set more). */
export const TEST_TIMEOUT_MS = 120_000;
/** A hook's (a test app, a database, a browser started once per file). */
export const HOOK_TIMEOUT_MS = 300_000;
/** How long a wait for a state goes on before it fails with what it saw last. */
export const STATE_WAIT_MS = TEST_TIMEOUT_MS - 10_000;
