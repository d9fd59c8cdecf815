// Setup for the unit suite (vitest.config.ts). Testing Library's waits (findBy…, waitFor) wait for
// a state, but give up after 1 s by default, a guess at the machine's speed that a busy machine
// loses: they wait as long as the test's own timeout allows (tests/helpers/test-budgets.ts), and
// still return as soon as the state is there.
import { STATE_WAIT_MS } from "./test-budgets";

if (typeof document !== "undefined") {
  const { configure } = await import("@testing-library/react");
  configure({ asyncUtilTimeout: STATE_WAIT_MS });
}
