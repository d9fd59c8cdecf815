import { isIP } from "node:net";

// TRUST_PROXY (decision 0006): which X-Forwarded-* entries are believed. The client's address
// decides the per-IP login limit, and X-Forwarded-Proto decides the Secure cookie flag and the
// cookies' __Host- prefix, so only entries written by our own proxies may count. The leftmost
// X-Forwarded-For entry is written by the client itself: trusting every hop (Fastify's `true`)
// let one client rotate it and never reach the limit.

/**
 * `false`: no proxy; the socket's address and scheme count. A number: that many proxies in front
 * (each appends the address it received the request from; the entry written by the outermost one
 * is the client). A list: the proxies' addresses, CIDR ranges or proxy-addr's names `loopback`,
 * `linklocal`, `uniquelocal`; the client is the first address from the right that is not in it.
 */
export type TrustProxy = false | number | readonly string[];

const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);
/** More hops than any real deployment; a larger number is a typo. */
export const MAX_PROXY_HOPS = 10;

export const TRUST_PROXY_HELP =
  'must be false, true (one proxy), a number of proxies (1-10), or a comma-separated list of proxy addresses or CIDR ranges (e.g. "10.0.0.0/8, 192.168.1.2")';

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Parses TRUST_PROXY: `false`/`0` → false; `true` → 1 (exactly one proxy: the common TLS
 * terminator or load balancer); `1`…`10` → that many; otherwise a comma-separated list of
 * addresses. Returns undefined for anything else.
 */
export function parseTrustProxy(value: string): TrustProxy | undefined {
  const text = value.trim();
  if (text === "false" || text === "0") return false;
  if (text === "true") return 1;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops >= 1 && hops <= MAX_PROXY_HOPS ? hops : undefined;
  }
  const entries = text.split(",").map((entry) => entry.trim());
  return entries.length > 0 && entries.every(isProxyAddress) ? entries : undefined;
}

/**
 * Fastify's `trustProxy` option for a setting. A hop count becomes a function trusting the first
 * `hops` addresses counted from the socket (Fastify 5.12's own number option trusts no hop at all,
 * which would put every client behind the proxy on the proxy's address); a list is compiled by
 * Fastify (proxy-addr).
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (typeof trust === "number") return (_address, hop) => hop < trust;
  return [...trust];
}
