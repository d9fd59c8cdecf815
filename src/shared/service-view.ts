// The read-only service rendering (spec §6 service user): how it is addressed and how a headless
// browser knows it is finished. Shared by the client that renders it, the operator command that
// prints links to it, and the application PDF job that prints it.

/** The query parameter that carries a service token (spec §2 loader parameters). */
export const SERVICE_TOKEN_PARAM = "service_token";

/** Spec §7: the service response, read with the token and no session. */
export const SERVICE_RESPONSE_PATH = "/service/tmp-pdf";

/**
 * The page a service link opens. Any path with a service token renders the whole application
 * (all three steps); the default form route keeps links readable.
 */
export const SERVICE_VIEW_PATH = "/about";

/**
 * The token of a service link in a page's query string (`location.search`), or null when there is
 * none. An empty or repeated parameter still counts: such a page shows the service rendering's
 * refusal, never the editable form.
 */
export function serviceTokenFrom(search: string): string | null {
  return new URLSearchParams(search).get(SERVICE_TOKEN_PARAM);
}

/** Path and query of the rendering for a token, e.g. `/about?service_token=…`. */
export function serviceViewPath(token: string): string {
  return `${SERVICE_VIEW_PATH}?${new URLSearchParams({ [SERVICE_TOKEN_PARAM]: token })}`;
}

/**
 * The rendering's state on `<body data-service-view="…">`: `loading` until the application is
 * read and rendered (fonts included), then `ready`; `invalid` for a refused token (the page shows
 * "This link has expired or is not valid."), `failed` when the server could not be read. A printer
 * waits until the state is no longer `loading` and prints only on `ready`.
 */
export const SERVICE_VIEW_STATE_ATTRIBUTE = "data-service-view";
export type ServiceViewState = "loading" | "ready" | "invalid" | "failed";

/** The states after which the page no longer changes: wait for one of these, print on `ready`. */
export const SERVICE_VIEW_SETTLED_STATES: readonly ServiceViewState[] = ["ready", "invalid", "failed"];
