import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_HEADER } from "../../src/shared/constants";
import { getProfile, putAnswers, storedAnswers } from "../helpers/api";
import { expectSecurityHeaders } from "../helpers/security-headers";
import {
  clientHeaders,
  createTestApp,
  idempotencyKey,
  signedInUser,
  type TestApp,
} from "../helpers/test-app";

const HOST = "admissions.example.edu";

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test?.close();
});

describe("security headers", () => {
  it("are sent on an API response", async () => {
    const user = await signedInUser(test);
    const response = await getProfile(test, user.cookie);
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response);
  });

  it("are sent on a 404", async () => {
    const response = await test.app.inject({ method: "GET", url: "/no-such-page" });
    expect(response.statusCode).toBe(404);
    expectSecurityHeaders(response);
  });

  it("are sent on a 401 and a 403", async () => {
    const unauthorized = await test.app.inject({ method: "GET", url: "/api/profile" });
    expect(unauthorized.statusCode).toBe(401);
    expectSecurityHeaders(unauthorized);
    const forbidden = await test.app.inject({ method: "PUT", url: "/api/answer", payload: {} });
    expect(forbidden.statusCode).toBe(403);
    expectSecurityHeaders(forbidden);
  });

  it("do not advertise the server framework", async () => {
    const response = await test.app.inject({ method: "GET", url: "/healthz" });
    expect(response.headers["x-powered-by"]).toBeUndefined();
  });
});

describe("Cache-Control: no-store on personal and account answers", () => {
  it("is sent on a profile, a save and a logout", async () => {
    const user = await signedInUser(test);
    const profile = await getProfile(test, user.cookie);
    expect(profile.statusCode).toBe(200);
    expect(profile.headers["cache-control"]).toBe("no-store");
    const saved = await putAnswers(test, user.cookie, { first_name: "Ada" });
    expect(saved.statusCode).toBe(200);
    expect(saved.headers["cache-control"]).toBe("no-store");
    const loggedOut = await test.app.inject({
      method: "GET",
      url: "/api/logout",
      headers: clientHeaders(user.cookie),
    });
    expect(loggedOut.statusCode).toBe(200);
    expect(loggedOut.headers["cache-control"]).toBe("no-store");
  });

  it.each([
    ["a 401", { method: "GET", url: "/api/profile" }, 401],
    ["a 403 (CSRF)", { method: "PUT", url: "/api/answer", payload: {} }, 403],
    [
      "a 400 (bad body)",
      { method: "POST", url: "/public/login", headers: { [CLIENT_HEADER]: "1" }, payload: {} },
      400,
    ],
    ["a 404 under /public/", { method: "GET", url: "/public/nothing-here" }, 404],
    ["a 404 under /service/", { method: "GET", url: "/service/nothing-here" }, 404],
    ["an encoded /api/ path", { method: "GET", url: "/%61pi/profile" }, 401],
  ] as const)("is sent on %s", async (_label, request, status) => {
    const response = await test.app.inject(request);
    expect(response.statusCode).toBe(status);
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("is sent on a 200 from /public/ (forgot-password)", async () => {
    const response = await test.app.inject({
      method: "POST",
      url: "/public/forgot-password",
      headers: { [CLIENT_HEADER]: "1" },
      payload: { username: `nobody-${idempotencyKey()}@example.edu` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("leaves lookups (reference data) and the health check alone", async () => {
    const lookup = await test.app.inject({ method: "GET", url: "/lookup/find?category=address&text=10001" });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.headers["cache-control"]).toBe("public, max-age=86400");
    const health = await test.app.inject({ method: "GET", url: "/healthz" });
    expect(health.headers["cache-control"]).toBeUndefined();
  });
});

describe("CSRF defence", () => {
  it("refuses a PUT without the client header with 403 { message }, storing nothing", async () => {
    const user = await signedInUser(test);
    const response = await test.app.inject({
      method: "PUT",
      url: "/api/answer",
      headers: { cookie: user.cookie, "idempotency-key": idempotencyKey() },
      payload: { first_name: "Mallory" },
    });
    expect(response.statusCode).toBe(403);
    expect(Object.keys(response.json())).toStrictEqual(["message"]);
    expect(response.json().message.length).toBeGreaterThan(0);
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({});
  });

  it("refuses the client header with a wrong value", async () => {
    const user = await signedInUser(test);
    const response = await putAnswers(
      test,
      user.cookie,
      { first_name: "Mallory" },
      { headers: { [CLIENT_HEADER]: "0" } },
    );
    expect(response.statusCode).toBe(403);
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({});
  });

  it.each(["cross-site", "same-site"])("refuses a write marked sec-fetch-site: %s", async (site) => {
    const user = await signedInUser(test);
    const response = await putAnswers(
      test,
      user.cookie,
      { first_name: "Mallory" },
      { headers: { "sec-fetch-site": site } },
    );
    expect(response.statusCode).toBe(403);
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({});
  });

  it("accepts a write marked sec-fetch-site: same-origin", async () => {
    const user = await signedInUser(test);
    const response = await putAnswers(
      test,
      user.cookie,
      { first_name: "Ada" },
      { headers: { "sec-fetch-site": "same-origin" } },
    );
    expect(response.statusCode).toBe(200);
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({ first_name: "Ada" });
  });

  it.each([
    ["a foreign origin", "https://evil.example.com"],
    ["a sibling subdomain", `https://files.${HOST}`],
    ["another port", `http://${HOST}:8443`],
    ["an opaque origin", "null"],
  ])("refuses a write from %s", async (_label, origin) => {
    const user = await signedInUser(test);
    const response = await putAnswers(
      test,
      user.cookie,
      { first_name: "Mallory" },
      { headers: { host: HOST, origin } },
    );
    expect(response.statusCode).toBe(403);
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({});
  });

  it("accepts a write from the same origin", async () => {
    const user = await signedInUser(test);
    const response = await putAnswers(
      test,
      user.cookie,
      { first_name: "Ada" },
      { headers: { host: HOST, origin: `http://${HOST}`, "sec-fetch-site": "same-origin" } },
    );
    expect(response.statusCode).toBe(200);
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({ first_name: "Ada" });
  });

  it("accepts a same-origin write when a proxy writes the default port in Host", async () => {
    const user = await signedInUser(test);
    const response = await putAnswers(
      test,
      user.cookie,
      { first_name: "Ada" },
      { headers: { host: `${HOST}:443`, origin: `https://${HOST}` } },
    );
    expect(response.statusCode).toBe(200);
  });

  it("refuses GET /api/logout without the client header, and the session stays valid", async () => {
    const user = await signedInUser(test);
    const response = await test.app.inject({
      method: "GET",
      url: "/api/logout",
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect((await getProfile(test, user.cookie)).statusCode).toBe(200);
  });

  it("refuses a cross-site GET /api/logout even with the client header", async () => {
    const user = await signedInUser(test);
    const response = await test.app.inject({
      method: "GET",
      url: "/api/logout",
      headers: clientHeaders(user.cookie, { "sec-fetch-site": "cross-site" }),
    });
    expect(response.statusCode).toBe(403);
    expect((await getProfile(test, user.cookie)).statusCode).toBe(200);
  });

  it("checks a percent-encoded path as the route it reaches", async () => {
    const user = await signedInUser(test);
    // `/%61pi/...` is routed to `/api/...`: the check must not be skipped because the raw URL differs.
    const logout = await test.app.inject({
      method: "GET",
      url: "/%61pi/logout",
      headers: { cookie: user.cookie },
    });
    expect(logout.statusCode).toBe(403);
    const save = await test.app.inject({
      method: "PUT",
      url: "/%61pi/answer",
      headers: { cookie: user.cookie, "idempotency-key": idempotencyKey() },
      payload: { first_name: "Mallory" },
    });
    expect(save.statusCode).toBe(403);
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({});
  });

  it("does not expose the browser-test sign-in route unless test hooks are configured", async () => {
    const response = await test.app.inject({
      method: "POST",
      url: "/__test__/session",
      payload: { username: "intruder@example.edu" },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("refuses a write to a /public/ path without the client header before anything else", async () => {
    const response = await test.app.inject({
      method: "POST",
      url: "/public/login",
      payload: { username: "x" },
    });
    expect(response.statusCode).toBe(403);
  });
});

/** Every route of the app with its methods, from the router's own listing. */
function routesOf(test: TestApp): { path: string; methods: string[] }[] {
  const routes: { path: string; methods: string[] }[] = [];
  const parents: string[] = [];
  for (const line of test.app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+) \(([^)]+)\)$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    const path = (parents[depth - 1] ?? "") + (match[2] ?? "");
    parents[depth] = path;
    routes.push({ path, methods: (match[3] ?? "").split(", ") });
  }
  return routes;
}

describe("CSRF on every write", () => {
  it("is checked on every state-changing route under /api/ and /public/, listed from the router so a new route cannot be missed", async () => {
    const user = await signedInUser(test);
    const writes = routesOf(test).flatMap(({ path, methods }) =>
      methods
        .filter(
          (method) =>
            !["GET", "HEAD", "OPTIONS"].includes(method) || ["/api/logout", "/api/pdf"].includes(path),
        )
        .map((method) => ({ method, url: path.replace(":key", "resume_file") })),
    );
    const checked = writes.filter(({ url }) =>
      ["/api/", "/public/", "/staff/api/"].some((p) => url.startsWith(p)),
    );
    // The writes outside them take no cookie, so a cross-site request has nothing to ride on: the
    // local store's upload, whose signed policy is the permission (as with S3), and the integration
    // API's, whose bearer key is (decision 0022).
    expect(writes.filter((write) => !checked.includes(write)).map(({ url }) => url)).toStrictEqual([
      "/files/upload",
      "/integration/v1/applications/:id/service-link",
    ]);
    expect(checked.length).toBeGreaterThan(20);
    for (const { method, url } of checked) {
      for (const headers of [
        { cookie: user.cookie },
        clientHeaders(user.cookie, { "sec-fetch-site": "cross-site" }),
        clientHeaders(user.cookie, { origin: "https://evil.example" }),
      ]) {
        const response = await test.app.inject({ method: method as "POST", url, headers, payload: {} });
        expect(response.statusCode, `${method} ${url} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    expect((await getProfile(test, user.cookie)).statusCode).toBe(200);
  });
});
