import { setTimeout as sleep } from "node:timers/promises";
import { expect, type Page } from "@playwright/test";
import type { ChosenFile } from "./journey";
import { CLEAN, type Impairment, type TestNetwork } from "./link";
import type { Traffic } from "./traffic";

// The network test's links (issue 33): what each scenario does to the link while she works.

/** Set when the link was cut during the résumé's post: how many posts were in flight, bytes crossed. */
export type Cut = { postsInFlight: number; crossedBytes: number };

export type Scenario = {
  name: string;
  /** The link while she works. */
  impairment: Impairment;
  /** The résumé's size (KiB): larger where the link must be cut in the middle of its upload. */
  resumeKiB: number;
  /** Something done to the link meanwhile; the function returned stops it. */
  during?: (network: TestNetwork, traffic: Traffic, resume: ChosenFile, cut: Cut[]) => () => Promise<void>;
  /**
   * She presses Submit in an outage, once the browser knows it is offline (a phone that lost its
   * signal as she pressed): the app says nothing was submitted, and she presses again later.
   */
  submitsInOutage?: boolean;
};

/** Waits for the link's next outage, until the page has heard of it (navigator.onLine false). */
export async function nextOutage(network: TestNetwork, page: Page): Promise<void> {
  const seen = network.outages.length;
  await expect.poll(() => network.outages.length > seen, { timeout: 60_000, intervals: [20] }).toBe(true);
  await page.waitForFunction(() => !navigator.onLine, undefined, { timeout: 60_000, polling: 20 });
}

/** Down for 5 s every 10 s, until stopped (then up). */
function flapping(network: TestNetwork): () => Promise<void> {
  let running = true;
  const loop = (async () => {
    while (running) {
      await network.setDown(true);
      await sleep(5_000);
      await network.setDown(false);
      if (running) await sleep(5_000);
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}

/**
 * Cuts the link for 5 s once half of the résumé's first post has crossed it; it comes back with
 * another address (a phone that moved to another network), so that post's connection is dead.
 */
export function cutMidUpload(network: TestNetwork, traffic: Traffic, resume: ChosenFile, cut: Cut[]) {
  let running = true;
  const watch = (async () => {
    // The résumé's post is the second of the journey.
    while (running && traffic.posts.length < 2) await sleep(20);
    const start = (await network.counts()).up.delivered_bytes;
    let crossed = 0;
    while (running && crossed < resume.buffer.length / 2) {
      await sleep(20);
      crossed = (await network.counts()).up.delivered_bytes - start;
    }
    if (!running) return;
    await network.setDown(true);
    cut.push({
      postsInFlight: traffic.posts.filter((post) => post.state === "in flight").length,
      crossedBytes: crossed,
    });
    await sleep(5_000);
    await network.setDown(false, { newAddress: true });
  })();
  return async () => {
    running = false;
    await watch;
  };
}

export const SCENARIOS: Scenario[] = [
  { name: "30 % of packets lost", impairment: { ...CLEAN, loss: 0.3 }, resumeKiB: 40 },
  { name: "2 s ± 1 s round trip", impairment: { ...CLEAN, delay_ms: 1_000, jitter_ms: 500 }, resumeKiB: 40 },
  { name: "down 5 s every 10 s", impairment: CLEAN, resumeKiB: 40, during: flapping, submitsInOutage: true },
  {
    name: "cut in the middle of an upload, back with another address",
    impairment: { ...CLEAN, rate_kbit: 2_000 },
    resumeKiB: 600,
    during: cutMidUpload,
  },
];
