import type { BrowserContext, Page, Route } from "@playwright/test";

export type HeldRoute = {
  /** Requests held so far. */
  calls(): number;
  /** Lets the held requests go on to the server unchanged, waits until each has, and stops holding. */
  release(): Promise<void>;
};

/**
 * Holds the requests matching `url` until the test releases them, so a state the real server or
 * network passes through quickly stays there while it is checked: an upload in flight, a part of
 * the app not yet loaded, a PDF being prepared.
 */
export async function holdRoute(target: Page | BrowserContext, url: string): Promise<HeldRoute> {
  let letGo = () => {};
  const released = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  const held: Promise<void>[] = [];
  const handler = (route: Route) => {
    const waiting = released.then(() => route.continue());
    held.push(waiting);
    return waiting;
  };
  await target.route(url, handler);
  return {
    calls: () => held.length,
    async release() {
      letGo();
      await Promise.all(held);
      await target.unroute(url, handler);
    },
  };
}
