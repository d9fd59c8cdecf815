import type { FastifyRequest } from "fastify";

/**
 * Query parameters that carry secrets or personal data: the reset link's `id` and `username` (an
 * e-mail address), the temporary-answer, service and staff invitation tokens, a lookup's search
 * `text` (an applicant's typed address) and the staff review's search `q` (a name or an e-mail
 * address). `email` too, should a link ever carry one.
 */
const SECRET_PARAMS = /([?&](?:id|token|service_token|text|q|username|email)=)[^&#]*/g;

/** The URL with the values of secret query parameters replaced, for logs. */
export function redactUrlSecrets(url: string): string {
  // Most URLs have no query: no pattern to run for them (one access line per request).
  return url.includes("?") ? url.replace(SECRET_PARAMS, "$1[redacted]") : url;
}

/** Fastify's request log fields, with the URL's secrets redacted (a reset link must not land in logs). */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrlSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

// ── Database errors ─────────────────────────────────────────────────────────────────────────────
// A failed query's error carries what was sent: Drizzle's message and `params` list every parameter
// (answers, lookup text, addresses), PGlite adds `params` too, and PostgreSQL echoes values in its
// message ('invalid input syntax for type uuid: "…"'), `detail` ("Failing row contains (…)",
// "Key (username)=(…) already exists") and `where` ("unnamed portal parameter $1 = '…'"). None of
// that may reach a log line: the serializer below keeps what says which query failed and why (the
// SQL with its placeholders, the SQLSTATE code, table, column, constraint) and drops or masks the
// values.

const REDACTED = "[redacted]";
/** What a database error may keep besides its (redacted) message, stack and query. */
const DATABASE_ERROR_FIELDS = new Set([
  "code",
  "severity",
  "schema",
  "table",
  "column",
  "dataType",
  "constraint",
  "routine",
  "position",
]);
/** Never logged from any error: parameters and the server's echo of row values. */
const VALUE_FIELDS = new Set(["params", "parameters", "queryOptions", "detail", "where", "internalQuery"]);
const DRIZZLE_PREFIX = "Failed query: ";
const MAX_CAUSE_DEPTH = 5;

/** SQL text with its string literals masked (parameters are placeholders already). */
export function redactSqlLiterals(query: string): string {
  return query.replace(/'(?:[^']|'')*'/g, `'${REDACTED}'`);
}

/**
 * A database error's message without values: Drizzle's "Failed query: … params: …" keeps the SQL
 * (literals masked) and loses the parameters; PostgreSQL's own messages lose every quoted part
 * (values and, unavoidably, names; the error's table, column and constraint fields still say
 * which).
 */
export function redactDatabaseMessage(message: string): string {
  if (message.startsWith(DRIZZLE_PREFIX)) {
    const paramsAt = message.indexOf("\nparams: ");
    const query =
      paramsAt < 0 ? message.slice(DRIZZLE_PREFIX.length) : message.slice(DRIZZLE_PREFIX.length, paramsAt);
    return `${DRIZZLE_PREFIX}${redactSqlLiterals(query)}\nparams: ${REDACTED}`;
  }
  return message.replace(/"(?:[^"]|"")*"/g, `"${REDACTED}"`).replace(/'(?:[^']|'')*'/g, `'${REDACTED}'`);
}

function isDatabaseError(error: Error): boolean {
  const fields = error as unknown as Record<string, unknown>;
  return (
    error.message.startsWith(DRIZZLE_PREFIX) ||
    typeof fields.query === "string" ||
    typeof fields.severity === "string" ||
    typeof fields.routine === "string"
  );
}

/** The stack with its first copy of the message replaced (a stack begins "Name: message"). */
function stackWith(error: Error, message: string): string {
  if (typeof error.stack !== "string") return "";
  const at = error.stack.indexOf(error.message);
  if (at < 0) return `${error.name}: ${message}`;
  return error.stack.slice(0, at) + message + error.stack.slice(at + error.message.length);
}

export type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

function serialize(error: Error, depth: number): SerializedError {
  const database = isDatabaseError(error);
  const message = database ? redactDatabaseMessage(error.message) : error.message;
  const out: SerializedError = {
    type: error.constructor?.name ?? error.name,
    message,
    stack: (database ? stackWith(error, message) : error.stack) ?? "",
  };
  for (const [key, value] of Object.entries(error)) {
    if (key === "cause" || VALUE_FIELDS.has(key)) continue;
    if (!database) out[key] = value;
    else if (key === "query" && typeof value === "string") out.query = redactSqlLiterals(value);
    else if (DATABASE_ERROR_FIELDS.has(key)) out[key] = value;
  }
  if (error.cause instanceof Error && depth < MAX_CAUSE_DEPTH) out.cause = serialize(error.cause, depth + 1);
  else if (error.cause !== undefined && !database) out.cause = error.cause;
  return out;
}

/**
 * pino's `err` serializer for every logger of the app: errors as pino writes them (type, message,
 * stack, own fields), with each error of the cause chain serialized the same way, and database
 * errors stripped of every value they carry (see above).
 */
export function serializeError(error: Error): SerializedError {
  // pino hands over whatever was logged under `err`; only errors are serialized.
  if (!(error instanceof Error)) return error;
  return serialize(error, 0);
}
