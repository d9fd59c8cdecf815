import { useEffect, useState } from "react";
import { ApiError, apiRequest } from "../../../lib/api-client";
import type { ServiceResponse } from "../../../shared/api-types";
import { GENERIC_ERROR_MESSAGE } from "../../../shared/messages";
import { SERVICE_RESPONSE_PATH, SERVICE_TOKEN_PARAM } from "../../../shared/service-view";

// Spec §7 `GET /service/tmp-pdf?service_token=T`: the one read of the service rendering. Nothing is
// stored: the answer lives in memory for as long as the page is open.

export type ServiceApplicationState =
  | { status: "loading" }
  | { status: "ready"; application: ServiceResponse }
  /** The server refused the token (401): unknown, malformed or expired. */
  | { status: "invalid" }
  | { status: "failed"; message: string };

function isStringMap(value: unknown, item: (entry: unknown) => boolean): boolean {
  return (
    typeof value === "object" && value !== null && !Array.isArray(value) && Object.values(value).every(item)
  );
}

/** The body has the service response's shape (a proxy's or an old server's page would not). */
export function isServiceResponse(body: unknown): body is ServiceResponse {
  if (typeof body !== "object" || body === null) return false;
  const { answer, add_another, document_answer, tabs } = body as Record<string, unknown>;
  return (
    isStringMap(answer, (value) => typeof value === "string") &&
    isStringMap(add_another, (value) => typeof value === "number") &&
    isStringMap(tabs, (value) => typeof value === "string") &&
    isStringMap(
      document_answer,
      (value) =>
        typeof value === "object" &&
        value !== null &&
        typeof (value as Record<string, unknown>).file_name === "string" &&
        typeof (value as Record<string, unknown>).file_size === "number",
    )
  );
}

/** Reads the application the token opens; refusals and failures become the state to show. */
export async function getServiceApplication(
  token: string,
  signal?: AbortSignal,
): Promise<Exclude<ServiceApplicationState, { status: "loading" }>> {
  const query = new URLSearchParams({ [SERVICE_TOKEN_PARAM]: token });
  try {
    const body = await apiRequest<unknown>("GET", `${SERVICE_RESPONSE_PATH}?${query}`, { signal });
    if (!isServiceResponse(body)) return { status: "failed", message: GENERIC_ERROR_MESSAGE };
    return { status: "ready", application: body };
  } catch (error) {
    if (signal?.aborted) throw error;
    if (error instanceof ApiError && error.status === 401) return { status: "invalid" };
    return { status: "failed", message: error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE };
  }
}

/** The application for `token`, read once. */
export function useServiceApplication(token: string): ServiceApplicationState {
  const [state, setState] = useState<ServiceApplicationState>({ status: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    getServiceApplication(token, controller.signal).then(
      (next) => {
        if (!controller.signal.aborted) setState(next);
      },
      // Only an aborted read rejects: the page has moved on.
      () => {},
    );
    return () => controller.abort();
  }, [token]);
  return state;
}
