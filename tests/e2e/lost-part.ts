import type { BrowserContext } from "@playwright/test";
import { ONLINE_TRIES } from "../../src/lib/load-part";

/** The date question's code: a part of the form loaded after the first screen (src/lib/load-part.ts). */
const DATE_CODE = "**/assets/date-question-*.js";

export type LostPart = {
  /** Requests that took the network away with them. */
  lostOffline: number;
  /** Requests refused once back online. */
  keptFailed: number;
  /** Set by the test as it brings the network back: requests are refused, then served. */
  backOnline: boolean;
};

/**
 * The date question's code lost offline, as a browser that keeps a failed import() failed has it
 * (Chromium 153, older Safari and Firefox): its first request takes the network away and fails;
 * once the test has set `backOnline`, the next ONLINE_TRIES are refused and later ones served, so
 * the page reloads for it (load-part.ts). `lastRefusalAfter` holds the last refusal until it
 * resolves, so the test decides when that reload comes.
 */
export async function loseDateCodeOffline(
  context: BrowserContext,
  lastRefusalAfter: Promise<void> = Promise.resolve(),
): Promise<LostPart> {
  const lost: LostPart = { lostOffline: 0, keptFailed: 0, backOnline: false };
  await context.route(DATE_CODE, async (route) => {
    if (!lost.backOnline) {
      lost.lostOffline += 1;
      await context.setOffline(true);
      return route.abort("internetdisconnected");
    }
    if (lost.keptFailed < ONLINE_TRIES) {
      lost.keptFailed += 1;
      if (lost.keptFailed === ONLINE_TRIES) await lastRefusalAfter;
      return route.abort("failed");
    }
    return route.continue();
  });
  return lost;
}
