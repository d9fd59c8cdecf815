// `npm run test:network`: the browser suite on a real, impaired network (issue 33, tests/network).
// It makes its own network namespace, TAP devices and link, which needs root, iproute2, /dev/net/tun
// and python3; elsewhere it is skipped with one line. Extra arguments go to Playwright.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const has = (tool) => {
  try {
    execFileSync("sh", ["-c", `command -v ${tool}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};
const missing = [
  process.getuid?.() !== 0 && "root",
  !has("ip") && "iproute2 (ip)",
  !existsSync("/dev/net/tun") && "/dev/net/tun",
  !has("python3") && "python3",
  !has("nstat") && "nstat (iproute2)",
].filter(Boolean);
if (missing.length > 0) {
  console.log(
    `test:network skipped: it makes its own network namespace and link, which needs root and iproute2 (missing: ${missing.join(", ")})`,
  );
  process.exit(0);
}
for (const [command, args] of [
  ["node", ["scripts/require-chromium.mjs"]],
  ["node", ["scripts/require-postgres.mjs"]],
  // CI runs it beside the browser suite on the build npm test made from the same tree, which a
  // second build would rewrite under that suite's server (TEST_NETWORK_BUILT=1 says it is made).
  ...(process.env.TEST_NETWORK_BUILT === "1" ? [] : [["npm", ["run", "build"]]]),
  ["npx", ["playwright", "test", "-c", "playwright.network.config.ts", ...process.argv.slice(2)]],
]) {
  const { status } = spawnSync(command, args, { stdio: "inherit" });
  if (status !== 0) process.exit(status ?? 1);
}
