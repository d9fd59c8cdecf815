import { type HeaderChange, OFFLINE } from "./header-watch";

// "Offline" only while the link is down (issue 33): each time the header said it, in any tab,
// against the outages the test made.

/**
 * The times the header said "offline" outside an outage (allowing `graceMs` after the link came
 * back, for the browser to hear of it), and the longest it went on saying so after one.
 */
export function offlineOutsideOutages(
  changes: readonly HeaderChange[],
  outages: readonly { from: number; to: number }[],
  end: number,
  graceMs: number,
): { wrong: string[]; longestLagMs: number } {
  const wrong: string[] = [];
  let longestLagMs = 0;
  const byTab = new Map<string, HeaderChange[]>();
  for (const change of changes) byTab.set(change.tab, [...(byTab.get(change.tab) ?? []), change]);
  for (const [tab, list] of byTab) {
    list.forEach((change, index) => {
      if (!OFFLINE.test(change.text)) return;
      const until = list[index + 1]?.at ?? end;
      const outage = outages.find((o) => change.at >= o.from && change.at <= o.to + graceMs);
      if (!outage) {
        const spells = outages.map(
          (o) => `${new Date(o.from).toISOString()}–${new Date(o.to).toISOString()}`,
        );
        wrong.push(
          `${tab}: "offline" at ${new Date(change.at).toISOString()}, the link was up (down ${spells.join(", ") || "never"})`,
        );
        return;
      }
      const lag = until - outage.to;
      longestLagMs = Math.max(longestLagMs, lag);
      if (lag > graceMs) wrong.push(`${tab}: "offline" until ${lag} ms after the link came back`);
    });
  }
  return { wrong, longestLagMs };
}
