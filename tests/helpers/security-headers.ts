import { expect } from "vitest";

// The strict headers every answer carries (server/security-headers.ts), checked on an answer of
// app.inject or one read off a real socket (tests/helpers/raw-http.ts).

type Answer = { headers: Record<string, string | string[] | number | undefined> };

/** The CSP as a map of directive → sources. */
export function cspDirectives(response: Answer): Map<string, string[]> {
  const header = response.headers["content-security-policy"];
  expect(typeof header).toBe("string");
  return new Map(
    String(header)
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map(([name, ...sources]) => [String(name), sources]),
  );
}

export function expectSecurityHeaders(response: Answer) {
  const csp = cspDirectives(response);
  expect(csp.get("frame-ancestors")).toStrictEqual(["'none'"]);
  expect(csp.get("script-src")).toStrictEqual(["'self'"]);
  expect(csp.get("default-src")).toStrictEqual(["'self'"]);
  expect(csp.get("object-src")).toStrictEqual(["'none'"]);
  expect(String(response.headers["content-security-policy"])).not.toContain("unsafe-eval");
  expect(response.headers["x-content-type-options"]).toBe("nosniff");
  expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(response.headers["x-frame-options"]).toBe("DENY");
  // The rest of helmet's set (learned once at start-up, set on every response: issue 15).
  expect(response.headers).toMatchObject({
    "strict-transport-security": "max-age=31536000; includeSubDomains",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "origin-agent-cluster": "?1",
    "x-dns-prefetch-control": "off",
    "x-download-options": "noopen",
    "x-permitted-cross-domain-policies": "none",
    "x-xss-protection": "0",
  });
  expect(response.headers["cross-origin-embedder-policy"]).toBeUndefined();
}
