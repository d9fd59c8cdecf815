import { afterEach, describe, expect, it, vi } from "vitest";
import { GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE, UNAUTHORIZED_MESSAGE } from "../shared/messages";
import { ApiError, apiRequest, NO_ANSWER_TIMEOUT_MS, retryAfterOf } from "./api-client";
import { classifyFailure } from "./failure";

function respond(status: number, body: string, headers: Record<string, string> = {}) {
  const fetchMock = vi.fn(
    async () => new Response(body, { status, headers: { "Content-Type": "application/json", ...headers } }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("the API client's error mapping (spec §8)", () => {
  it("says JSON on every call, with our client header, and sends a body only with a payload (spec §7)", async () => {
    const fetchMock = respond(200, '{"message":"ok"}');
    await apiRequest("PUT", "/api/answer", { body: { first_name: "Ada" } });
    await apiRequest("GET", "/api/profile");
    const [, put] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const [, get] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(put.headers).toMatchObject({ "Content-Type": "application/json", "X-Admissions-Client": "1" });
    expect(put.body).toBe('{"first_name":"Ada"}');
    expect(get.body).toBeUndefined();
    expect(get.headers).toMatchObject({ "Content-Type": "application/json", Accept: "application/json" });
    await apiRequest("POST", "/api/submit");
    const [, submit] = fetchMock.mock.calls[2] as unknown as [string, RequestInit];
    expect(submit.body).toBeUndefined();
    expect(submit.headers).toMatchObject({ "Content-Type": "application/json" });
  });

  it("turns 401 into an unauthorized error with the catalogue's message", async () => {
    respond(401, '{"message":"whatever the server says"}');
    const error = await failure(apiRequest("GET", "/api/profile"));
    expect(error.kind).toBe("unauthorized");
    expect(error.message).toBe(UNAUTHORIZED_MESSAGE);
    expect(classifyFailure(error).class).toBe("signed-out");
  });

  it("uses the body's message for other failures when it is a string, or the generic one", async () => {
    respond(400, '{"message":"Unknown answer keys: x."}');
    const refused = await failure(apiRequest("PUT", "/api/answer", { body: {} }));
    expect(classifyFailure(refused)).toMatchObject({ class: "refused", message: "Unknown answer keys: x." });
    respond(500, '{"message":"Submit broke"}');
    const broke = await failure(apiRequest("POST", "/api/submit"));
    expect(classifyFailure(broke)).toMatchObject({ class: "server-problem", message: "Submit broke" });
    respond(500, '{"message":42}');
    expect((await failure(apiRequest("GET", "/api/profile"))).message).toBe(GENERIC_ERROR_MESSAGE);
  });

  it.each([
    ["a proxy's 502 page", 502],
    ["a captive portal's login page (200)", 200],
    ["an HTML 404", 404],
  ])(
    "treats %s, not JSON, as the server's problem, never as a success or as offline",
    async (_label, status) => {
      respond(status, "<html>Sign in to the hotel Wi-Fi</html>", { "Content-Type": "text/html" });
      const error = await failure(apiRequest("PUT", "/api/answer", { body: {} }));
      expect(error).toMatchObject({ kind: "server", message: GENERIC_ERROR_MESSAGE, status });
      expect(classifyFailure(error)).toMatchObject({
        class: "server-problem",
        message: GENERIC_ERROR_MESSAGE,
      });
    },
  );

  it("reports a failed fetch, and one that timed out, as no connection", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const error = await failure(apiRequest("GET", "/api/profile"));
    expect(error.kind).toBe("network");
    expect(classifyFailure(error)).toMatchObject({ class: "no-connection", message: NETWORK_ERROR_MESSAGE });

    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
          ),
      ),
    );
    const timedOut = await failure(apiRequest("GET", "/api/profile", { signal: AbortSignal.timeout(5) }));
    expect(classifyFailure(timedOut).class).toBe("no-connection");
  });

  describe("a call without its answer (issue 33: a connection stalled on a flapping link)", () => {
    /** A fetch that never answers, as one on a dead connection, until its signal aborts. */
    const stalled = () =>
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) =>
            init.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
          ),
      );

    afterEach(() => {
      vi.useRealTimers();
    });

    it("is given up as no connection after NO_ANSWER_TIMEOUT_MS, whoever made it", async () => {
      vi.useFakeTimers();
      vi.stubGlobal("fetch", stalled());
      let settled: unknown;
      const submit = apiRequest("POST", "/api/submit").catch((error: unknown) => {
        settled = error;
      });
      await vi.advanceTimersByTimeAsync(NO_ANSWER_TIMEOUT_MS - 1);
      expect(settled).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      await vi.waitFor(() => expect(settled).toBeInstanceOf(ApiError));
      await submit;
      expect(classifyFailure(settled)).toMatchObject({
        class: "no-connection",
        message: NETWORK_ERROR_MESSAGE,
      });
    });

    it("counts the body too: an answer whose body stops coming is no connection", async () => {
      vi.useFakeTimers();
      vi.stubGlobal(
        "fetch",
        vi.fn(async (_url: string, init: RequestInit) => {
          const body = new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('{"message":'));
              init.signal?.addEventListener("abort", () => controller.error(init.signal?.reason));
            },
          });
          return new Response(body, { status: 200, headers: { "Content-Type": "application/json" } });
        }),
      );
      let settled: unknown;
      void apiRequest("GET", "/api/receipt", { timeoutMs: 1_000 }).catch((error: unknown) => {
        settled = error;
      });
      await vi.advanceTimersByTimeAsync(1_000);
      await vi.waitFor(() => expect(settled).toBeInstanceOf(ApiError));
      expect(classifyFailure(settled).class).toBe("no-connection");
    });

    it("keeps no timer once answered, and leaves a caller's abort to the caller", async () => {
      vi.useFakeTimers();
      respond(200, '{"message":"ok"}');
      await apiRequest("GET", "/api/profile");
      expect(vi.getTimerCount()).toBe(0);
      vi.stubGlobal("fetch", stalled());
      const controller = new AbortController();
      const call = apiRequest("GET", "/api/profile", { signal: controller.signal });
      controller.abort(new DOMException("replaced by a newer search", "AbortError"));
      await expect(call).rejects.toMatchObject({ name: "AbortError" });
      expect(vi.getTimerCount()).toBe(0);
    });
  });

  it("leaves the caller's own abort to the caller", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
          ),
      ),
    );
    const controller = new AbortController();
    const call = apiRequest("GET", "/api/profile", { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
  });

  it("tells a busy server (503 or 429 with Retry-After) from a problem, and a refusal", async () => {
    respond(503, '{"message":"Shutting down."}', { "Retry-After": "2" });
    const busy = await failure(apiRequest("PUT", "/api/answer", { body: {} }));
    expect(classifyFailure(busy)).toMatchObject({ class: "server-busy", retryAfterMs: 2000 });
    respond(429, '{"message":"slow down"}', { "Retry-After": "30" });
    expect(classifyFailure(await failure(apiRequest("GET", "/api/profile"))).class).toBe("server-busy");
    respond(429, '{"message":"slow down"}');
    expect(classifyFailure(await failure(apiRequest("GET", "/api/profile"))).class).toBe("server-problem");
    respond(409, '{"message":"Submitted."}');
    expect(classifyFailure(await failure(apiRequest("GET", "/api/profile"))).class).toBe("refused");
  });

  it("reads Retry-After in seconds or as a date", () => {
    expect(retryAfterOf("120")).toBe(120_000);
    expect(retryAfterOf(null)).toBeUndefined();
    expect(retryAfterOf("soon")).toBeUndefined();
    const now = Date.parse("2026-11-27T12:00:00Z");
    expect(retryAfterOf("Fri, 27 Nov 2026 12:00:30 GMT", now)).toBe(30_000);
  });
});
