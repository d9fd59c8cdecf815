import { afterEach, describe, expect, it, vi } from "vitest";
import { GENERIC_ERROR_MESSAGE, UNAUTHORIZED_MESSAGE } from "../shared/messages";
import { ApiError, apiRequest } from "./api-client";

function respond(status: number, body: string, contentType = "application/json") {
  const fetchMock = vi.fn(
    async () => new Response(body, { status, headers: { "Content-Type": contentType } }),
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
  });

  it("uses the body's message for other failures, or the generic one", async () => {
    respond(400, '{"message":"Unknown answer keys: x."}');
    expect((await failure(apiRequest("PUT", "/api/answer", { body: {} }))).message).toBe(
      "Unknown answer keys: x.",
    );
    respond(500, '{"message":42}');
    expect((await failure(apiRequest("GET", "/api/profile"))).message).toBe(GENERIC_ERROR_MESSAGE);
  });

  it("treats a non-JSON response as a server error", async () => {
    respond(502, "<html>Bad gateway</html>", "text/html");
    const error = await failure(apiRequest("GET", "/api/profile"));
    expect(error).toMatchObject({ kind: "server", message: GENERIC_ERROR_MESSAGE, status: 502 });
    expect(error.isRetryable).toBe(true);
  });

  it("reports a failed fetch as a retryable network error", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const error = await failure(apiRequest("GET", "/api/profile"));
    expect(error.kind).toBe("network");
    expect(error.isRetryable).toBe(true);
  });

  it("does not retry a refusal", async () => {
    respond(400, '{"message":"no"}');
    expect((await failure(apiRequest("GET", "/api/profile"))).isRetryable).toBe(false);
    respond(429, '{"message":"slow down"}');
    expect((await failure(apiRequest("GET", "/api/profile"))).isRetryable).toBe(true);
  });
});
