// The one client for our server (spec §8): JSON in and out, the CSRF header on every call, and
// every failure turned into an ApiError the UI can act on.
import { CLIENT_HEADER } from "../shared/constants";
import { GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE, UNAUTHORIZED_MESSAGE } from "../shared/messages";

/** `network`: no answer at all (offline, DNS, connection cut); the call may be retried as is. */
export type ApiErrorKind = "unauthorized" | "server" | "network";

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status?: number,
    /** The response body, for callers that act on more than the message (e.g. `reason`). */
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** Worth sending again later unchanged: nothing reached the server, it failed, or it asked us to wait. */
  get isRetryable(): boolean {
    return (
      this.kind === "network" || (this.status !== undefined && (this.status >= 500 || this.status === 429))
    );
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
    if (options.signal?.aborted) throw error;
    throw new ApiError("network", NETWORK_ERROR_MESSAGE);
  }
  options.onHeaders?.(response.headers);
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    throw new ApiError(
      response.status === 401 ? "unauthorized" : "server",
      errorMessage(response.status),
      response.status,
    );
  }
  if (response.status === 401) throw new ApiError("unauthorized", UNAUTHORIZED_MESSAGE, 401);
  if (!response.ok) {
    const message =
      isRecord(payload) && typeof payload.message === "string" ? payload.message : GENERIC_ERROR_MESSAGE;
    throw new ApiError("server", message, response.status, isRecord(payload) ? payload : undefined);
  }
  return payload as T;
}

function errorMessage(status: number): string {
  return status === 401 ? UNAUTHORIZED_MESSAGE : GENERIC_ERROR_MESSAGE;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}
