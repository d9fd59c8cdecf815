// A CPU profile of a first visit (after `npm run build`), for finding where the main thread's time
// goes before optimising (issue 15). Not part of `npm run bench`: it prints no target.
//
//   node bench/profile-client.mjs [/about] [--signed-in] [--by=package|file|function|line|ours] [--top=40]
//                                 [--task-ms=10] [--typing] [--in-tasks-of=tab-leadership]
//
// Loads the page in Debian's Chromium (no throttling), samples the main thread from navigation
// until the page has been quiet for a second, maps every sample through the build's source maps,
// and prints self time grouped by npm package (default), source file or function, plus the
// page's tasks over 20 ms as the trace saw them. With --typing, the samples are of typing instead:
// once the page is quiet, a name typed into its first text field a key every 90 ms, as
// bench/autosave.mjs types, with the `answer-commit` times it measured. With --in-tasks-of=NAME,
// the summary counts only the samples in tasks whose first script is in a file named NAME (with
// --task-ms=0, every such task): what Lighthouse's "by script" puts under that file (issue 34: the
// sync engine's file was charged with React's render of the page its loader's promises resolved).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SourceMapConsumer } from "source-map";
import { launchChromium, phoneContext, startBuiltServer } from "./built-server.mjs";

const args = process.argv.slice(2);
const route = args.find((arg) => arg.startsWith("/")) ?? "/about";
const signedIn = args.includes("--signed-in");
const by = args.find((arg) => arg.startsWith("--by="))?.slice(5) ?? "package";
let firstPaint = null;
const tasksOnly = args.includes("--tasks-only");
const typing = args.includes("--typing");
const TASK_MS = Number(args.find((arg) => arg.startsWith("--task-ms="))?.slice(10) ?? 10);
const top = Number(args.find((arg) => arg.startsWith("--top="))?.slice(6) ?? 40);
const inTasksOf = args.find((arg) => arg.startsWith("--in-tasks-of="))?.slice(14);

// Trace events of note, whose time inside each long task is printed.
const KINDS = [
  "EvaluateScript",
  "v8.evaluateModule",
  "v8.compileModule",
  "v8.compile",
  "ParseHTML",
  "UpdateLayoutTree",
  "Layout",
  "PrePaint",
  "Paint",
  "Layerize",
  "FireIdleCallback",
  "TimerFire",
  "FunctionCall",
  "RunMicrotasks",
  "MajorGC",
  "MinorGC",
];

const traceFile = args.find((arg) => arg.startsWith("--trace="))?.slice(8);
if (traceFile) {
  // A trace saved elsewhere (bench/lighthouse.mjs with LIGHTHOUSE_TRACES=dir keeps Lighthouse's).
  const { profile, tasks } = analyse(JSON.parse(readFileSync(traceFile, "utf8")));
  await report(profile, tasks);
} else {
  await profileFirstVisit();
}

async function profileFirstVisit() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "admissions-profile-"));
  // No warm LibreOffice: its start-up would share the two cores with the page being profiled.
  const server = await startBuiltServer(dataDir, {
    env: { E2E_TEST_HOOKS: "true", LIBREOFFICE_PATH: "/nonexistent" },
  });
  const browser = await launchChromium();
  try {
    const context = await phoneContext(browser, server.base, { signedIn, name: "profile" });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const startTracing = () =>
      cdp.send("Tracing.start", {
        // Sampling slows the page: --tasks-only traces tasks alone, for their true lengths.
        categories: tasksOnly
          ? "toplevel,devtools.timeline,disabled-by-default-devtools.timeline,loading,blink.user_timing"
          : "toplevel,devtools.timeline,disabled-by-default-devtools.timeline,loading,blink.user_timing,disabled-by-default-v8.cpu_profiler",
        transferMode: "ReturnAsStream",
      });
    if (!typing) await startTracing();
    await page.goto(`${server.base}${route}`);
    // Quiet: no long task for a second (the progressive render has ended).
    const quiet = () =>
      page.evaluate(
        () =>
          new Promise((resolve) => {
            let timer = setTimeout(resolve, 1_000);
            new PerformanceObserver(() => {
              clearTimeout(timer);
              timer = setTimeout(resolve, 1_000);
            }).observe({ type: "longtask" });
          }),
      );
    await quiet();
    if (typing) {
      const field = page.locator("input[type=text]").first();
      await field.click();
      await quiet();
      await startTracing();
      const from = await page.evaluate(() => performance.now());
      await page.keyboard.type("Alexandria Christopher", { delay: 90 });
      await quiet();
      const commits = await page.evaluate(
        (from) =>
          performance
            .getEntriesByName("answer-commit")
            .filter((entry) => entry.startTime >= from)
            .map((entry) => entry.duration)
            .sort((a, b) => a - b),
        from,
      );
      const at = (q) => commits[Math.min(commits.length - 1, Math.floor(q * commits.length))]?.toFixed(1);
      console.log(`answer-commit over ${commits.length} keystrokes: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms`);
    }
    const { profile, tasks } = analyse(await readTrace(cdp));
    await report(profile, tasks);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Ends tracing and reads the trace's events. */
async function readTrace(cdp) {
  const done = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
  await cdp.send("Tracing.end");
  const { stream } = await done;
  let text = "";
  for (;;) {
    const chunk = await cdp.send("IO.read", { handle: stream });
    text += chunk.data;
    if (chunk.eof) break;
  }
  const parsed = JSON.parse(text);
  return parsed.traceEvents ?? parsed;
}

/**
 * The renderer main thread's CPU profile (V8's samples, in the trace's clock) and its top-level
 * tasks over TASK_MS, from the trace.
 */
function analyse(trace) {
  const events = trace.traceEvents ?? trace;
  // The page's renderer: the one that parsed our page's HTML (not about:blank's, nor Chromium's own).
  // (While typing, the renderer whose script measured `answer-commit`.)
  const pid =
    events.findLast(
      (event) => event.name === "ParseHTML" && event.args?.beginData?.url?.startsWith("http://127.0.0.1:"),
    )?.pid ?? events.find((event) => event.name === "answer-commit")?.pid;
  const head = events.find((event) => event.name === "Profile" && event.pid === pid);
  const main = events.find(
    (event) => event.name === "thread_name" && event.args?.name === "CrRendererMain" && event.pid === pid,
  );
  const onMain = events
    .filter((event) => event.pid === main.pid && event.tid === main.tid)
    .sort((a, b) => a.ts - b.ts);
  // Times are printed from the page's first HTML parse (or the trace's first event).
  const start = onMain.find((event) => event.name === "ParseHTML")?.ts ?? onMain[0]?.ts ?? 0;
  const tasks = onMain
    .filter((event) => event.name === "RunTask" && event.dur > TASK_MS * 1_000)
    .map((event) => ({
      at: (event.ts - start) / 1_000,
      ts: event.ts,
      ms: event.dur / 1_000,
      // What the browser did in it: time per trace event of note (style, layout, script…).
      kinds: kindsWithin(onMain, event),
      // The script it ran first, as the trace names it (without samples, the best clue).
      script: scriptOf(onMain, event),
    }));
  // V8 writes the profile as a "Profile" event and "ProfileChunk"s of the same id.
  const profile = {
    startTime: head?.args.data.startTime ?? 0,
    nodes: [],
    samples: [],
    timeDeltas: [],
    lines: [],
  };
  for (const event of events) {
    if (event.name !== "ProfileChunk" || event.id !== head?.id || event.pid !== main.pid) continue;
    const { cpuProfile = {}, timeDeltas = [], lines = [] } = event.args.data;
    profile.nodes.push(...(cpuProfile.nodes ?? []));
    profile.samples.push(...(cpuProfile.samples ?? []));
    profile.timeDeltas.push(...timeDeltas);
    // The line each sample was on (only useful for an unminified build: --by=line).
    profile.lines.push(...(lines.length ? lines : (cpuProfile.samples ?? []).map(() => 0)));
  }
  const paint = events.find((event) => event.name === "firstContentfulPaint" && event.pid === main.pid);
  firstPaint = paint ? (paint.ts - start) / 1_000 : null;
  return { profile, tasks };
}

/** The first script entry (a call, a timer, a module's evaluation) in `task`, briefly. */
function scriptOf(events, task) {
  const end = task.ts + task.dur;
  const entry = events.find(
    (event) =>
      event.ts >= task.ts &&
      event.ts <= end &&
      [
        "FunctionCall",
        "TimerFire",
        "FireIdleCallback",
        "v8.evaluateModule",
        "EvaluateScript",
        "RunMicrotasks",
      ].includes(event.name),
  );
  // The app marks its start-up steps (src/main.tsx).
  const mark = events.find(
    (event) =>
      event.ts >= task.ts &&
      event.ts <= end &&
      event.cat?.includes("user_timing") &&
      event.name.startsWith("start-up"),
  );
  if (mark) return `[${mark.name}]`;
  if (!entry) return "";
  const data = entry.args?.data ?? {};
  const where =
    `${(data.url ?? "").replace(/^.*\//, "")}${data.functionName ? ` ${data.functionName}` : ""}`.trim();
  return where ? `${entry.name} ${where}` : entry.name;
}

/** Time in each of KINDS's events inside `task` (nested events counted once, in the outer one). */
function kindsWithin(events, task) {
  const end = task.ts + task.dur;
  const totals = new Map();
  let coveredUntil = 0;
  for (const event of events) {
    if (event.ts < task.ts || event.ts > end || event === task || !KINDS.includes(event.name)) continue;
    if (event.ph !== "X" || event.ts < coveredUntil) continue;
    totals.set(event.name, (totals.get(event.name) ?? 0) + (event.dur ?? 0) / 1_000);
    coveredUntil = event.ts + (event.dur ?? 0);
  }
  return totals;
}

async function report(profile, tasks) {
  const consumers = new Map();
  const consumerFor = async (url) => {
    if (!/^http:\/\/127\.0\.0\.1:\d+\/assets\//.test(url) || !url.endsWith(".js")) return null;
    if (!consumers.has(url)) {
      const file = path.join("dist/client", new URL(url).pathname);
      try {
        consumers.set(url, await new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, "utf8"))));
      } catch {
        consumers.set(url, null);
      }
    }
    return consumers.get(url);
  };
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const keyOf = new Map();
  const sampleKey = async (id, line) => {
    if (by === "line" && line > 0) {
      const { callFrame } = nodes.get(id);
      const consumer = callFrame.url ? await consumerFor(callFrame.url) : null;
      const original = consumer?.originalPositionFor({
        line,
        column: 0,
        bias: SourceMapConsumer.LEAST_UPPER_BOUND,
      });
      if (original?.source)
        return `${original.source.replace(/^.*node_modules\//, "").replace(/^.*\/src\//, "src/")}:${original.line}`;
    }
    if (keyOf.has(id)) return keyOf.get(id);
    if (by === "ours") {
      // Inclusive: the nearest caller of ours (a component, a hook, an effect) on the stack.
      let key = "(no code of ours on the stack)";
      for (let node = nodes.get(id); node; node = nodes.get(node.parent)) {
        const { callFrame } = node;
        const consumer = callFrame.url ? await consumerFor(callFrame.url) : null;
        const original = consumer?.originalPositionFor({
          line: callFrame.lineNumber + 1,
          column: callFrame.columnNumber,
        });
        if (original?.source?.includes("/src/") && !original.source.includes("node_modules")) {
          key = `${original.name ?? callFrame.functionName ?? "(anonymous)"}  ${original.source.replace(/^.*\/src\//, "src/")}`;
          break;
        }
        if (["(idle)", "(program)", "(garbage collector)"].includes(callFrame.functionName)) {
          key = callFrame.functionName;
          break;
        }
      }
      keyOf.set(id, key);
      return key;
    }
    const { callFrame } = nodes.get(id);
    let key = callFrame.functionName || `(${callFrame.url ? "anonymous" : "native"})`;
    if (!["(idle)", "(program)", "(garbage collector)"].includes(callFrame.functionName) && callFrame.url) {
      const consumer = await consumerFor(callFrame.url);
      const original = consumer?.originalPositionFor({
        line: callFrame.lineNumber + 1,
        column: callFrame.columnNumber,
      });
      const source = (original?.source ?? callFrame.url)
        .replace(/^.*node_modules\//, "")
        .replace(/^.*\/src\//, "src/");
      const pkg = source.startsWith("src/")
        ? "(our code)"
        : (source.match(/^((?:@[^/]+\/)?[^/]+)/)?.[1] ?? source);
      key = by === "package" ? pkg : by === "file" ? source : `${original?.name ?? key}  ${source}`;
    }
    keyOf.set(id, key);
    return key;
  };
  const selfTime = new Map();
  const perTask = tasks.map(() => new Map());
  let at = profile.startTime;
  let total = 0;
  for (const [index, id] of profile.samples.entries()) {
    at += profile.timeDeltas[index] ?? 0;
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1_000;
    const key = await sampleKey(id, profile.lines[index]);
    if (key === "(idle)") continue;
    const task = tasks.findIndex((t) => at >= t.ts && at <= t.ts + t.ms * 1_000);
    if (inTasksOf && !tasks[task]?.script?.includes(inTasksOf)) continue;
    total += ms;
    selfTime.set(key, (selfTime.get(key) ?? 0) + ms);
    if (task >= 0) perTask[task].set(key, (perTask[task].get(key) ?? 0) + ms);
  }
  const topOf = (map, count) => [...map].sort((a, b) => b[1] - a[1]).slice(0, count);
  console.log(
    `${route}${signedIn ? " signed in" : ""}: ${total.toFixed(0)} ms of main-thread samples (not idle), by ${by}`,
  );
  for (const [key, ms] of topOf(selfTime, top)) console.log(`${ms.toFixed(1).padStart(8)} ms  ${key}`);
  // Lighthouse's simulation runs each task 4× slower and counts what is over 50 ms from its first
  // paint; a rough reading of that here, from the first paint seen (no target: Lighthouse judges).
  const painted = firstPaint ?? 0;
  const blocking = tasks
    .filter((t) => t.at >= painted)
    .reduce((sum, t) => sum + Math.max(0, 4 * t.ms - 50), 0);
  console.log(
    `\ntasks over ${TASK_MS} ms (${tasks.length}, ${tasks.reduce((sum, t) => sum + t.ms, 0).toFixed(0)} ms); ` +
      `first paint ${painted.toFixed(0)} ms; Σ max(0, 4 × task − 50 ms) after it: ${blocking.toFixed(0)} ms`,
  );
  for (const [index, task] of tasks.entries()) {
    const parts = topOf(perTask[index], Number(process.env.PER_TASK ?? 4)).map(
      ([key, ms]) => `${key} ${ms.toFixed(0)}`,
    );
    const kinds = topOf(task.kinds, 4).map(([key, ms]) => `${key} ${ms.toFixed(0)}`);
    console.log(
      `${task.at.toFixed(0).padStart(6)} ms +${task.ms.toFixed(0).padStart(4)} ms  [${kinds.join(", ")}] ${task.script}  ${parts.join(", ")}`,
    );
  }
}
