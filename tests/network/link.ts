import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";

// The test's own network (issue 33): a namespace holding only Chromium's side of a link, and the
// link itself (link.py), which carries every frame between Chromium's TAP device and the server's
// and is lost, slowed or cut on command. The server listens on the server side's address in this
// namespace's subnet; nothing else is reachable from Chromium, and nothing outside uses the link.
// Names start with NETWORK_TEST_PREFIX, addresses are in 10.233.0.0/16 (NETWORK_TEST_SUBNET).

export type Impairment = { loss: number; delay_ms: number; jitter_ms: number; rate_kbit: number };
export const CLEAN: Impairment = { loss: 0, delay_ms: 0, jitter_ms: 0, rate_kbit: 0 };

export type DirectionCounts = {
  frames: number;
  bytes: number;
  delivered_bytes: number;
  lost_frames: number;
  lost_bytes: number;
};
export type LinkCounts = { up: DirectionCounts; down: DirectionCounts };

/** When the link was down: [from, to] in ms since the epoch (to: Infinity while still down). */
export type Outage = { from: number; to: number };

export type TestNetwork = {
  namespace: string;
  serverAddress: string;
  /** An executable that runs Chromium inside the namespace (Playwright's executablePath). */
  chromium: string;
  impair(impairment: Impairment): Promise<void>;
  /**
   * Takes Chromium's side down (its interface, so the browser knows it is offline) or up; up with
   * `newAddress`, it comes back with another address, as a phone that moved to another network
   * (connections open before are then dead, and the browser must open new ones).
   */
  setDown(down: boolean, options?: { newAddress?: boolean }): Promise<void>;
  outages: Outage[];
  counts(): Promise<LinkCounts>;
  /** TCP segments the browser's namespace sent and sent again (nstat). */
  tcp(): { sent: number; retransmitted: number };
  close(): Promise<void>;
};

const ip = (...args: string[]) => execFileSync("ip", args, { stdio: ["ignore", "ignore", "pipe"] });

/** Whether this machine can make the network: root, iproute2, /dev/net/tun and python3. */
export function networkUnavailable(): string | null {
  if (process.getuid?.() !== 0) return "not root";
  for (const tool of ["ip", "python3", "nstat"]) {
    try {
      execFileSync("sh", ["-c", `command -v ${tool}`], { stdio: "ignore" });
    } catch {
      return `no ${tool}`;
    }
  }
  return null;
}

/** `browser`: the Chromium to run inside the namespace (the one every browser test launches). */
export async function createTestNetwork(workDir: string, browser: string): Promise<TestNetwork> {
  const prefix = process.env.NETWORK_TEST_PREFIX ?? "admnet-";
  const subnet = process.env.NETWORK_TEST_SUBNET ?? "10.233";
  const id = randomBytes(2).toString("hex");
  const namespace = `${prefix}${id}`;
  // Interface names: at most 15 characters.
  const browserTap = `${prefix.slice(0, 8)}c${id}`;
  const serverTap = `${prefix.slice(0, 8)}s${id}`;
  const octet = 1 + (Number.parseInt(id, 16) % 250);
  const serverAddress = `${subnet}.${octet}.1`;
  let browserHost = 2;
  const browserAddress = () => `${subnet}.${octet}.${browserHost}`;

  const link: ChildProcess = spawn(
    "python3",
    [path.join(import.meta.dirname, "link.py"), browserTap, serverTap],
    {
      stdio: ["pipe", "pipe", "inherit"],
    },
  );
  const replies = createInterface({ input: link.stdout as NodeJS.ReadableStream });
  const waiting: ((line: string) => void)[] = [];
  replies.on("line", (line) => waiting.shift()?.(line));
  const reply = () => new Promise<string>((resolve) => waiting.push(resolve));
  const command = async (body: unknown) => {
    const answer = reply();
    link.stdin?.write(`${JSON.stringify(body)}\n`);
    return JSON.parse(await answer) as Record<string, unknown>;
  };
  await reply();
  ip("netns", "add", namespace);
  // Gone with the test, however it ends (a test runner's worker may exit without its hooks).
  const removeNow = () => {
    try {
      ip("netns", "del", namespace);
    } catch {}
    link.kill();
  };
  process.once("exit", removeNow);
  const closeNetwork = async () => {
    process.off("exit", removeNow);
    try {
      ip("netns", "del", namespace);
    } catch {}
    link.stdin?.end();
    if (link.exitCode === null) await new Promise((resolve) => link.once("exit", resolve));
  };
  try {
    ip("link", "set", browserTap, "netns", namespace);
    ip("-n", namespace, "addr", "add", `${browserAddress()}/24`, "dev", browserTap);
    ip("-n", namespace, "link", "set", "lo", "up");
    ip("-n", namespace, "link", "set", browserTap, "up");
    ip("addr", "add", `${serverAddress}/24`, "dev", serverTap);
    ip("link", "set", serverTap, "up");
  } catch (error) {
    await closeNetwork();
    throw error;
  }
  const chromium = path.join(workDir, "chromium-in-namespace.sh");
  writeFileSync(chromium, `#!/bin/sh\nexec ip netns exec ${namespace} ${browser} "$@"\n`, { mode: 0o755 });
  const outages: Outage[] = [];
  const nstat = () => {
    const out = execFileSync(
      "ip",
      ["netns", "exec", namespace, "nstat", "-az", "TcpOutSegs", "TcpRetransSegs"],
      {
        env: { ...process.env, NSTAT_HISTORY: path.join(workDir, `nstat-${namespace}`) },
      },
    ).toString();
    const value = (name: string) => Number(new RegExp(`${name}\\s+(\\d+)`).exec(out)?.[1] ?? 0);
    return { sent: value("TcpOutSegs"), retransmitted: value("TcpRetransSegs") };
  };
  return {
    namespace,
    serverAddress,
    chromium,
    outages,
    async impair(impairment) {
      await command({ set: impairment });
    },
    async setDown(down, { newAddress = false } = {}) {
      // The link drops what is in flight; the browser's interface goes down so Chromium knows.
      if (down) {
        // The outage begins as the link starts to drop frames, before the browser can hear of it.
        outages.push({ from: Date.now(), to: Number.POSITIVE_INFINITY });
        await command({ set: { down: true } });
        ip("-n", namespace, "link", "set", browserTap, "down");
        return;
      }
      if (newAddress) {
        ip("-n", namespace, "addr", "del", `${browserAddress()}/24`, "dev", browserTap);
        browserHost++;
        ip("-n", namespace, "addr", "add", `${browserAddress()}/24`, "dev", browserTap);
      }
      ip("-n", namespace, "link", "set", browserTap, "up");
      await command({ set: { down: false } });
      const last = outages.at(-1);
      if (last && last.to === Number.POSITIVE_INFINITY) last.to = Date.now();
    },
    counts: async () => (await command({ stats: true })) as unknown as LinkCounts,
    tcp: nstat,
    close: closeNetwork,
  };
}
