import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_HEADER } from "../../src/shared/constants";
import { DOCUMENT_CATALOGUE, RESUME } from "../helpers/documents";
import { createTestApp, signedInUser, type TestApp } from "../helpers/test-app";

// Spec §7: "All calls send and expect JSON with Content-Type application/json; a body is sent only
// with a payload." Our client says JSON on every call, GETs and payload-less calls included; the
// server must take that as no body where a call has none, and keep refusing what it refused.

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ catalogue: DOCUMENT_CATALOGUE });
});
afterAll(async () => {
  await test?.close();
});

type Method = "GET" | "POST" | "PUT" | "DELETE";

/** A call as our client makes it without a payload: JSON content type, our header, no body. */
function asOurClient(method: Method, url: string, cookie: string, extra: Record<string, string> = {}) {
  return test.app.inject({
    method,
    url,
    headers: { cookie, [CLIENT_HEADER]: "1", "content-type": "application/json", ...extra },
  });
}

describe("a JSON content type without a body", () => {
  it.each<[Method, string, number]>([
    ["GET", "/api/profile", 200],
    ["GET", "/api/document-answer", 200],
    ["GET", "/api/add-another", 200],
    ["GET", "/api/tabs", 200],
    ["GET", `/api/pdf/document-answer/${RESUME}`, 200],
    ["DELETE", `/api/pdf/document-answer/${RESUME}`, 200],
    ["DELETE", `/api/document-answer/${RESUME}`, 200],
    ["GET", "/lookup/find?text=10001&category=address", 200],
    // Read as no body: the submit runs (this catalogue asks nothing required) instead of a 400.
    ["POST", "/api/submit", 200],
    ["GET", "/api/logout", 200],
  ])("is accepted by %s %s", async (method, url, status) => {
    const { cookie } = await signedInUser(test);
    const response = await asOurClient(method, url, cookie);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
  });

  it("is accepted with a charset, and with whitespace only as the body", async () => {
    const { cookie } = await signedInUser(test);
    const withCharset = await asOurClient("GET", "/api/profile", cookie, {
      "content-type": "application/json; charset=utf-8",
    });
    expect(withCharset.statusCode).toBe(200);
    const blank = await test.app.inject({
      method: "DELETE",
      url: `/api/document-answer/${RESUME}`,
      headers: { cookie, [CLIENT_HEADER]: "1", "content-type": "application/json" },
      payload: " \n",
    });
    expect(blank.statusCode, blank.body).toBe(200);
  });

  it.each<[Method, string]>([
    ["PUT", "/api/answer"],
    ["POST", "/api/web-status"],
    ["POST", "/api/validations"],
    ["PUT", "/api/last-page"],
    ["PUT", "/api/add-another"],
    ["PUT", "/api/tabs"],
    ["POST", "/api/presigned-url"],
  ])("is still refused with a message by %s %s, which needs a body", async (method, url) => {
    const { cookie } = await signedInUser(test);
    const response = await asOurClient(method, url, cookie, {
      "idempotency-key": `test-${crypto.randomUUID()}`,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(typeof response.json().message).toBe("string");
  });

  it("does not loosen the JSON parser: malformed JSON and prototype poisoning are refused", async () => {
    const { cookie } = await signedInUser(test);
    const refusals: [string, RegExp][] = [
      ["{", /not valid JSON/],
      // A poisoning key is named, not reported as broken JSON (issue 36): the body is valid JSON.
      ['{"__proto__":{"x":1}}', /^The request body was refused: the key "__proto__" is not accepted\.$/],
      ['{"a":[{"b":{"__proto__":null}}]}', /the key "__proto__" is not accepted/],
      ['{"constructor":{"prototype":{"x":1}}}', /the key "constructor" is not accepted/],
    ];
    for (const [payload, message] of refusals) {
      const response = await test.app.inject({
        method: "POST",
        url: "/api/submit",
        headers: { cookie, [CLIENT_HEADER]: "1", "content-type": "application/json" },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().message, payload).toMatch(message);
    }
    // A key merely called "constructor" is an ordinary key.
    const ordinary = await test.app.inject({
      method: "POST",
      url: "/api/submit",
      headers: { cookie, [CLIENT_HEADER]: "1", "content-type": "application/json" },
      payload: '{"constructor":"x"}',
    });
    expect(ordinary.json().message).not.toMatch(/refused: the key/);
  });
});

describe("the CSRF rules hold for JSON calls without a body", () => {
  it.each<[Method, string]>([
    ["POST", "/api/submit"],
    ["DELETE", `/api/document-answer/${RESUME}`],
    ["GET", "/api/logout"],
  ])("%s %s is refused without our header, or marked cross-site", async (method, url) => {
    const { cookie } = await signedInUser(test);
    const noHeader = await test.app.inject({
      method,
      url,
      headers: { cookie, "content-type": "application/json" },
    });
    expect(noHeader.statusCode).toBe(403);
    const crossSite = await asOurClient(method, url, cookie, { "sec-fetch-site": "cross-site" });
    expect(crossSite.statusCode).toBe(403);
    const foreign = await asOurClient(method, url, cookie, { origin: "https://evil.example" });
    expect(foreign.statusCode).toBe(403);
    // The session is still there: none of them signed the applicant out or changed anything.
    expect((await asOurClient("GET", "/api/profile", cookie)).statusCode).toBe(200);
  });
});
