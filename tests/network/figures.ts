import type { HeaderLog } from "./header-watch";
import { HELD_MS } from "./header-watch";
import type { ChosenFile } from "./journey";
import type { LinkCounts } from "./link";
import type { Traffic } from "./traffic";

// Each scenario's figures (issue 33): how long until the server had everything, what was sent
// again (by the app and by TCP) and what the link lost, and what the header said.

type Counters = { tcp: { sent: number; retransmitted: number }; link: LinkCounts };

export function printFigures(
  scenario: string,
  run: {
    times: { started: number; lastEdit: number; converged: number; resumeUploaded: number; finished: number };
    submitted: { presses: number; notSubmitted: string[] };
    pdf: { bytes: Buffer; clicks: number };
    traffic: Traffic;
    resume: ChosenFile;
    before: Counters;
    after: Counters;
    header: HeaderLog;
    offline: { longestLagMs: number };
    outages: number;
  },
): void {
  const { times, traffic, before, after, header } = run;
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const batches = traffic.resent("batches");
  const posts = traffic.resent("posts");
  const resumePosts = traffic.posts.filter((post) => post.key === run.resume.key);
  const link = (direction: "up" | "down") =>
    `${kib(after.link[direction].lost_bytes - before.link[direction].lost_bytes)} of ${kib(after.link[direction].bytes - before.link[direction].bytes)} ${direction}`;
  const offlineSaid = header.changes.filter((change) => /back online/.test(change.text)).length;
  console.log(
    [
      `network: the link ${scenario}:`,
      `  time to converge: answers on the server ${seconds(times.converged - times.lastEdit)} after the last edit; the résumé uploaded ${seconds(times.resumeUploaded - times.lastEdit)} after it was chosen (${resumePosts.length} post(s): ${resumePosts.map((p) => p.state).join(", ")}); whole journey ${seconds(times.finished - times.started)}; Submit pressed ${run.submitted.presses}×${run.submitted.notSubmitted.length > 0 ? ` (before: ${run.submitted.notSubmitted.map((said) => `"${said}"`).join(", ")})` : ""}; PDF ${kib(run.pdf.bytes.length)} in ${run.pdf.clicks} click(s)`,
      `  bytes resent: by the app ${batches.requests} answer batches (${kib(batches.bytes)}) and ${posts.requests} file posts (${kib(posts.bytes)}) of ${traffic.batches.length} and ${traffic.posts.length}; by TCP ${after.tcp.retransmitted - before.tcp.retransmitted} of ${after.tcp.sent - before.tcp.sent} segments from the browser; lost on the link ${link("up")}, ${link("down")}`,
      `  header: ${header.claims.length} "All changes saved" checked against the server (held ${HELD_MS} ms; ${header.claimsWithFilesWaiting} while a file was still uploading; ${header.brief.length} shorter ones not true when shown); "offline" said ${offlineSaid}×, during ${run.outages} outages, at most ${run.offline.longestLagMs} ms after the link came back`,
      ...header.brief.map((claim) => `    shorter: ${claim}`),
    ].join("\n"),
  );
}
