// The one client for our server (spec §8): JSON in and out, the CSRF header on every call, and
// every failure turned into an ApiError; what it means is failure-policy.ts's to say.
import { CLIENT_HEADER } from "../shared/constants";
import { GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE, UNAUTHORIZED_MESSAGE } from "../shared/messages";

/** `network`: no answer at all (offline, DNS, connection cut); the call may be retried as is. */
export type ApiErrorKind = "unauthorized" | "server" | "network";

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status?: number,
    /**
     * The response body when it was our API's JSON, for callers that act on more than the message
     * (e.g. `reason`). Undefined for a reply that is not our API's (a proxy's or portal's page).
     */
    readonly body?: Record<string, unknown>,
    /** The reply's Retry-After, in ms, when it gave one (503 and 429: come back then). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type RequestOptions = {
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Sees the response's headers once it has come (e.g. the lookup's "no list"). */
  onHeaders?: (headers: Headers) => void;
};

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  // Spec §7: every call sends and expects JSON, GETs and calls without a payload included; the
  // body itself is sent only with a payload (the server reads an empty JSON body as none).
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Content-Type": "application/json",
    [CLIENT_HEADER]: "1",
    ...options.headers,
  };
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: "same-origin",
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    // The caller's own abort is theirs to handle; a timeout means no answer came: no connection.
    if (options.signal?.aborted && !isTimeout(options.signal.reason)) throw error;
    throw new ApiError("network", NETWORK_ERROR_MESSAGE);
  }
  options.onHeaders?.(response.headers);
  const retryAfterMs = retryAfterOf(response.headers.get("Retry-After"));
  if (response.status === 401) throw new ApiError("unauthorized", UNAUTHORIZED_MESSAGE, 401);
  let payload: unknown;
  try {
    // Spec §8: a reply that is not JSON (a proxy's error page, a captive portal's login page, even
    // with status 200) is a server error, never a success.
    if (!isJson(response.headers.get("Content-Type"))) throw new Error("not JSON");
    payload = await response.json();
  } catch {
    throw new ApiError("server", GENERIC_ERROR_MESSAGE, response.status, undefined, retryAfterMs);
  }
  if (!response.ok) {
    const message =
      isRecord(payload) && typeof payload.message === "string" ? payload.message : GENERIC_ERROR_MESSAGE;
    throw new ApiError("server", message, response.status, isRecord(payload) ? payload : {}, retryAfterMs);
  }
  return payload as T;
}

function isTimeout(reason: unknown): boolean {
  return reason instanceof DOMException && reason.name === "TimeoutError";
}

function isJson(contentType: string | null): boolean {
  return contentType === null || /^application\/([\w.+-]+\+)?json\b/i.test(contentType.trim());
}

/** Retry-After in seconds or as an HTTP date, in ms from now; undefined when absent or unreadable. */
export function retryAfterOf(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === "") return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}
