import { mkdtempSync, readFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { startBuiltServer } from "./built-server.mjs";

const server = await startBuiltServer(mkdtempSync("/tmp/as-prof-"), {
  env: { E2E_TEST_HOOKS: "true", LOG_LEVEL: "error" },
});
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const context = await browser.newContext({ baseURL: server.base });
if (process.env.SIGNED !== "0")
  await context.request.post("/__test__/session", {
    data: { username: `p${Date.now()}@x.edu` },
    headers: { "X-Admissions-Client": "1" },
  });
const page = await context.newPage();
await page.goto("/about");
const field = page.getByRole("textbox", { name: "Preferred Name", exact: true });
await field.waitFor();
await page.waitForLoadState("networkidle");
await field.click();
const cdp = await context.newCDPSession(page);
await cdp.send("Profiler.enable");
await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
await cdp.send("Profiler.start");
const from = await page.evaluate(() => performance.now());
for (let i = 0; i < 4; i++) {
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("The quick brown fox jumps over", { delay: 90 });
}
await page.waitForTimeout(800);
const { profile } = await cdp.send("Profiler.stop");
const commits = await page.evaluate(
  (from) =>
    performance
      .getEntriesByName("answer-commit")
      .filter((e) => e.startTime >= from)
      .map((e) => e.duration)
      .sort((a, b) => a - b),
  from,
);
console.log(
  "commits",
  commits.length,
  "p50",
  commits[Math.floor(commits.length / 2)]?.toFixed(1),
  "p95",
  commits[Math.floor(commits.length * 0.95)]?.toFixed(1),
);
// self time per node
const dt = new Map();
const ids = profile.samples;
const deltas = profile.timeDeltas;
for (let i = 0; i < ids.length; i++) dt.set(ids[i], (dt.get(ids[i]) ?? 0) + (deltas[i] ?? 0));
const agg = new Map();
for (const n of profile.nodes) {
  const f = n.callFrame;
  const key = `${f.functionName || "(anon)"} ${f.url.split("/").pop()}:${f.lineNumber}:${f.columnNumber}`;
  agg.set(key, (agg.get(key) ?? 0) + (dt.get(n.id) ?? 0));
}
const byFile = new Map();
for (const n of profile.nodes) {
  const f = n.callFrame.url.split("/").pop() || n.callFrame.functionName;
  byFile.set(f, (byFile.get(f) ?? 0) + (dt.get(n.id) ?? 0));
}
console.log(
  [...byFile]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([k, v]) => `${(v / 1000).toFixed(0)}ms ${k}`)
    .join("\n"),
);
console.log("---");
console.log(
  [...agg]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 40)
    .map(([k, v]) => `${(v / 1000).toFixed(1)}ms ${k}`)
    .join("\n"),
);
import("node:fs").then((fs) => fs.writeFileSync("/tmp/autosave-prof.json", JSON.stringify(profile)));
await browser.close();
await server.stop();
