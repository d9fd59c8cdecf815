import type { AddressInfo } from "node:net";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FRAMEWORK_MESSAGES } from "../../server/framework-errors";
import { NOT_FOUND_MESSAGE } from "../../server/plugins/client-app";
import { type RawAnswer, rawRequest } from "../helpers/raw-http";
import { expectSecurityHeaders } from "../helpers/security-headers";
import { clientHeaders, createTestApp, signedInUser, type TestApp } from "../helpers/test-app";

// Issue 36, point 7: the refusals made before our hooks (Fastify's router, its body parsers, Node's
// HTTP parser) carry the security headers, no-store under /api/, and `{ message }` in our words,
// repeating nothing that was sent. The probe's case: a 3,000-character path parameter answered 414
// echoing the whole path, with no helmet headers and no no-store.

let test: TestApp;
let port: number;
let cookie: string;
const MARKER = "<script>echo-me</script>";

beforeAll(async () => {
  test = await createTestApp();
  await test.app.listen({ port: 0, host: "127.0.0.1" });
  port = (test.app.server.address() as AddressInfo).port;
  ({ cookie } = await signedInUser(test));
});
afterAll(async () => {
  await test?.close();
});

type Answer = LightMyRequestResponse | RawAnswer;

function expectOurRefusal(response: Answer, status: number, noStore: boolean) {
  const { body } = response;
  expect("statusCode" in response ? response.statusCode : response.status, body).toBe(status);
  expectSecurityHeaders(response);
  if (noStore) expect(response.headers["cache-control"]).toBe("no-store");
  expect(String(response.headers["content-type"])).toMatch(/^application\/json/);
  expect(Object.keys(JSON.parse(body))).toStrictEqual(["message"]);
  expect(body).not.toContain("echo-me");
  expect(body).not.toContain("aaaaaaaaaa");
  expect(body).not.toMatch(/FST_|statusCode/);
}

describe("the framework's own refusals", () => {
  it("a path parameter past its length: 414, headers, no-store, nothing echoed (the probe's case)", async () => {
    const response = await test.app.inject({
      method: "DELETE",
      url: `/api/document-answer/${"a".repeat(3000)}`,
      headers: clientHeaders(cookie),
    });
    expectOurRefusal(response, 414, true);
    expect(response.json().message).toBe(FRAMEWORK_MESSAGES.tooLong);
  });

  it("a malformed URL: 400 with the headers, no-store under /api/ only", async () => {
    const api = await test.app.inject({ method: "GET", url: `/api/%zz${encodeURI(MARKER)}` });
    expectOurRefusal(api, 400, true);
    expect(api.json().message).toBe(FRAMEWORK_MESSAGES.badUrl);
    const page = await test.app.inject({ method: "GET", url: "/%c0" });
    expectOurRefusal(page, 400, false);
  });

  it("a 404 names nothing it was asked for", async () => {
    for (const url of [`/nothing-${encodeURIComponent(MARKER)}`, `/api/${encodeURIComponent(MARKER)}`]) {
      const response = await test.app.inject({ method: "GET", url, headers: clientHeaders(cookie) });
      expectOurRefusal(response, 404, url.startsWith("/api/"));
      expect(response.json().message).toBe(NOT_FOUND_MESSAGE);
    }
    const question = await test.app.inject({
      method: "DELETE",
      url: `/api/document-answer/${encodeURIComponent(MARKER)}`,
      headers: clientHeaders(cookie),
    });
    expectOurRefusal(question, 404, true);
    const category = await test.app.inject({
      method: "GET",
      url: `/lookup/find?text=10001&category=${encodeURIComponent(MARKER)}`,
    });
    expectOurRefusal(category, 400, false);
  });

  it("the body parsers' refusals: malformed JSON 400, too large 413, an unknown type 415", async () => {
    const put = (headers: Record<string, string>, payload: string) =>
      test.app.inject({
        method: "PUT",
        url: "/api/answer",
        headers: { ...clientHeaders(cookie), "idempotency-key": `k-${crypto.randomUUID()}`, ...headers },
        payload,
      });
    expectOurRefusal(await put({ "content-type": "application/json" }, `{"a": "${MARKER}`), 400, true);
    expectOurRefusal(
      await put({ "content-type": "application/json" }, JSON.stringify({ a: MARKER.repeat(200_000) })),
      413,
      true,
    );
    expectOurRefusal(await put({ "content-type": `text/x-${MARKER}` }, MARKER), 415, true);
  });

  it("Node's parser's refusals on a real socket: headers too large (431) and an unreadable request (400)", async () => {
    const tooLarge = await rawRequest(
      port,
      `GET /api/profile HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${"a".repeat(20_000)}${MARKER}\r\n\r\n`,
    );
    expectOurRefusal(tooLarge, 431, true);
    expect(JSON.parse(tooLarge.body).message).toBe(FRAMEWORK_MESSAGES.headersTooLarge);
    const unreadable = await rawRequest(port, `GET /api/${MARKER} HTTP/1.1\r\nHost: \x01\x02\r\n\r\n`);
    expectOurRefusal(unreadable, 400, true);
    expect(JSON.parse(unreadable.body).message).toBe(FRAMEWORK_MESSAGES.badRequest);
  });

  it("Node's server's refusal of an Expect it cannot meet (417), on a real socket", async () => {
    const refused = await rawRequest(
      port,
      `GET /api/profile HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: ${MARKER}\r\nConnection: close\r\n\r\n`,
    );
    expectOurRefusal(refused, 417, true);
    expect(JSON.parse(refused.body).message).toBe(FRAMEWORK_MESSAGES.expectation);
  });
});
