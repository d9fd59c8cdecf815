/** An error whose message is safe to show the client; the error handler sends it as `{ message }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Response headers (e.g. Retry-After) and extra body fields (e.g. a machine-readable reason). */
    readonly extra: { headers?: Record<string, string>; body?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}
