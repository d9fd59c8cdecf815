// The main thread's CPU time in kept Lighthouse traces (`LIGHTHOUSE_TRACES=dir node bench/lighthouse.mjs`),
// as the thread's own clock counted it (trace events' `tdur`), beside the wall time (`dur`) that
// Lighthouse's figures use. On a busy machine a task's wall time includes the moments the thread
// waited for a core; its thread time does not, so before/after comparisons made at load 25 hold.
// Not part of `npm run bench`: it prints no target.
//
//   node bench/trace-cpu.mjs TRACE.json…      one line per trace: wall and thread ms, by script
//
// Lighthouse's own script's tasks (_lighthouse-eval.js) are left out of both totals.
import { readFileSync } from "node:fs";
import path from "node:path";

for (const file of process.argv.slice(2)) {
  const { wall, thread, byScript } = mainThreadCpu(JSON.parse(readFileSync(file, "utf8")));
  const scripts = [...byScript]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([url, ms]) => `${url} ${ms.toFixed(0)}`)
    .join(", ");
  console.log(
    `${path.basename(file)}: wall ${wall.toFixed(0)} ms, thread ${thread.toFixed(0)} ms; thread by script: ${scripts}`,
  );
}

/** Top-level tasks of the page's main thread from its navigation on: wall and thread ms, by script. */
function mainThreadCpu(trace) {
  const events = trace.traceEvents ?? trace;
  const mains = events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain");
  // The page's renderer: the main thread that ran the navigation's document (the most tasks).
  const count = (m) =>
    events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === "RunTask").length;
  const main = mains.sort((a, b) => count(b) - count(a))[0];
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X");
  const start = Math.min(
    ...events.filter((e) => e.name === "navigationStart" && e.pid === main.pid).map((e) => e.ts),
  );
  const tasks = onMain.filter((e) => e.name === "RunTask" && e.ts >= start && e.tdur !== undefined);
  const withUrl = onMain
    .filter((e) => e.args?.data?.url || e.args?.data?.stackTrace?.[0]?.url)
    .sort((a, b) => a.ts - b.ts);
  const byScript = new Map();
  let wall = 0;
  let thread = 0;
  let next = 0;
  for (const task of tasks.sort((a, b) => a.ts - b.ts)) {
    while (next < withUrl.length && withUrl[next].ts < task.ts) next++;
    const inside = withUrl[next] && withUrl[next].ts <= task.ts + task.dur ? withUrl[next] : undefined;
    const url = inside ? inside.args.data.url || inside.args.data.stackTrace[0].url : "other";
    const name = URL.canParse(url) ? new URL(url).pathname.replace(/^\/assets\//, "") : url;
    if (name === "_lighthouse-eval.js") continue;
    wall += task.dur / 1000;
    thread += task.tdur / 1000;
    byScript.set(name, (byScript.get(name) ?? 0) + task.tdur / 1000);
  }
  return { wall, thread, byScript };
}
