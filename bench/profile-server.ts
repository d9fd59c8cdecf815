// Profiles the built server under load (issue 15: "profile before optimising"): starts
// `node --cpu-prof dist/server/main.js` (PGlite in a temporary DATA_DIR, or DATABASE_URL's
// PostgreSQL), loads one path with autocannon at 10 connections, stops the server and prints where
// its CPU time went: self time by package / source file, and the heaviest functions. The
// .cpuprofile stays in the printed directory for a flame graph (Chrome DevTools, speedscope).
//   npx tsx bench/profile-server.ts put|profile|manifest|health [seconds]
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, openSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
// @ts-expect-error autocannon ships no types
import autocannon from "autocannon";
import { ABOUT_KEYS } from "../src/form/answer-keys";
import { fillApplication, signIn } from "./applicants";

const target = process.argv[2] ?? "health";
const seconds = Number(process.argv[3] ?? 8);
const port = 18_741;
const origin = `http://127.0.0.1:${port}`;
const dir = mkdtempSync(path.join(tmpdir(), "admissions-profile-"));

const log = openSync(path.join(dir, "server.log"), "a");
const server = spawn(process.execPath, ["--cpu-prof", `--cpu-prof-dir=${dir}`, "dist/server/main.js"], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: path.join(dir, "data"),
    JOB_WORKERS: "false",
    E2E_TEST_HOOKS: "true",
  },
  stdio: ["ignore", log, log],
});
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${origin}/healthz`)).ok) break;
  } catch {}
  if (i > 1200) throw new Error("server did not start");
  await new Promise((resolve) => setTimeout(resolve, 50));
}

// Ten applicants, one per connection, so that saves do not queue on one application's lock; for the
// profile, each with a filled application (bench/applicants.ts), as a real page load reads.
const cookies: string[] = [];
for (let i = 0; i < 10; i++) {
  const cookie = await signIn(origin, `profile-${i}-${randomUUID().slice(0, 8)}@example.com`);
  if (target === "profile") await fillApplication(origin, cookie);
  cookies.push(cookie);
}
let connections = 0;

const key = ABOUT_KEYS[0] as string;
const options: Record<string, unknown> = { url: origin, connections: 10, duration: seconds };
if (target === "put") {
  // One device per connection, numbering its requests (see bench/throughput.ts).
  options.requests = [
    {
      method: "PUT",
      path: "/api/answer",
      setupRequest(request: Record<string, unknown>, context: Record<string, unknown>) {
        if (context.device === undefined) {
          context.device = `profile-${randomUUID()}`;
          context.cookie = cookies[connections++ % cookies.length];
        }
        const seq = ((context.seq as number | undefined) ?? 0) + 1;
        context.seq = seq;
        return {
          ...request,
          headers: {
            "Content-Type": "application/json",
            Cookie: context.cookie,
            "X-Admissions-Client": "1",
            "Idempotency-Key": randomUUID(),
            "X-Client-Id": context.device,
            "X-Client-Seq": String(seq),
          },
          body: JSON.stringify({ answers: { [key]: `Edit ${seq}` }, edited_at: { [key]: Date.now() } }),
        };
      },
    },
  ];
  options.setupClient = (client: { requestIterator: { resetContext(): void } }) => {
    client.requestIterator.resetContext = () => {};
  };
} else if (target === "profile") {
  options.requests = [
    {
      method: "GET",
      path: "/api/profile",
      setupRequest(request: Record<string, unknown>, context: Record<string, unknown>) {
        context.cookie ??= cookies[connections++ % cookies.length];
        return { ...request, headers: { Cookie: context.cookie, "X-Admissions-Client": "1" } };
      },
    },
  ];
  options.setupClient = (client: { requestIterator: { resetContext(): void } }) => {
    client.requestIterator.resetContext = () => {};
  };
} else if (target === "manifest") {
  options.url = `${origin}/manifest.webmanifest`;
  options.headers = { "Accept-Encoding": "gzip, deflate, br" };
} else {
  options.url = `${origin}/healthz`;
}
const result = await autocannon(options);
console.log(
  `${target}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`,
);

await new Promise<void>((resolve) => {
  server.once("exit", () => resolve());
  server.kill("SIGTERM");
});

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const file = readdirSync(dir).find((name) => name.endsWith(".cpuprofile"));
if (!file) throw new Error(`no .cpuprofile in ${dir}`);
const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
// Only the samples of the load (the last `seconds`), not the start-up's (migrations, module loading).
const self = new Map<number, number>();
let fromEnd = 0;
for (let i = profile.samples.length - 1; i >= 0 && fromEnd < seconds * 1e6; i--) {
  const id = profile.samples[i] as number;
  const delta = profile.timeDeltas[i] ?? 0;
  fromEnd += delta;
  self.set(id, (self.get(id) ?? 0) + delta);
}
const total = [...self.values()].reduce((a, b) => a + b, 0);

function place(url: string): string {
  if (!url) return "(native / V8)";
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const rest = url.slice(modules + "node_modules/".length).split("/");
    return (rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]) ?? url;
  }
  if (url.startsWith("node:")) return url;
  return url.replace(/^file:\/\/.*\/dist\//, "dist/");
}

const byPlace = new Map<string, number>();
const byFunction = new Map<string, number>();
for (const [id, time] of self) {
  const frame = byId.get(id)?.callFrame;
  if (!frame) continue;
  const where = place(frame.url);
  byPlace.set(where, (byPlace.get(where) ?? 0) + time);
  const name = `${frame.functionName || "(anonymous)"} ${where}:${frame.lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + time);
}
const top = (map: Map<string, number>, n: number) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, time]) => `  ${((100 * time) / total).toFixed(1).padStart(5)} %  ${name}`)
    .join("\n");
console.log(`self time by place (${(total / 1e6).toFixed(1)} s sampled):\n${top(byPlace, 18)}`);
console.log(`heaviest functions:\n${top(byFunction, 30)}`);
console.log(`profile: ${path.join(dir, file)}`);
