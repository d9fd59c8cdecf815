import { describe, expect, it } from "vitest";
import { redactDatabaseMessage, redactSqlLiterals, redactUrlSecrets, serializeError } from "./log-redaction";

describe("redactUrlSecrets", () => {
  it.each([
    // The reset link names the account's address (issue 36): personal data, never logged.
    ["/reset?username=a%40b.edu&id=s3cret", "/reset?username=[redacted]&id=[redacted]"],
    ["/reset?id=s3cret&username=a%40b.edu", "/reset?id=[redacted]&username=[redacted]"],
    ["/login?email=a%40b.edu", "/login?email=[redacted]"],
    ["/public/tmp?token=abc", "/public/tmp?token=[redacted]"],
    ["/service/tmp-pdf?service_token=abc#x", "/service/tmp-pdf?service_token=[redacted]#x"],
    ["/lookup/find?text=12%20Elm%20St&category=address", "/lookup/find?text=[redacted]&category=address"],
    ["/about?valid=1&grid=2&context=3", "/about?valid=1&grid=2&context=3"],
    [
      "/staff/api/applications.csv?q=ada%40example.edu&status=submitted",
      "/staff/api/applications.csv?q=[redacted]&status=submitted",
    ],
    ["/staff/set-password?token=abc", "/staff/set-password?token=[redacted]"],
    ["/api/profile", "/api/profile"],
  ])("%s → %s", (url, expected) => {
    expect(redactUrlSecrets(url)).toBe(expected);
  });
});

const SECRET = "Ada's secret answer";

/** A DrizzleQueryError as drizzle-orm builds it, around a PostgreSQL error as pg builds it. */
function failedQuery(): Error {
  const pgError = Object.assign(new Error('invalid input syntax for type integer: "Ada\'s secret answer"'), {
    severity: "ERROR",
    code: "22P02",
    detail: `Failing row contains (1, ${SECRET}).`,
    where: `unnamed portal parameter $2 = '${SECRET}'`,
    table: "answers",
    column: "value",
    routine: "pg_strtoint32_safe",
  });
  const params = ["user-1", `${SECRET}\n    at evil (line)`];
  const drizzle = new Error(`Failed query: select $1, $2, 'fixed literal'\nparams: ${params}`, {
    cause: pgError,
  });
  return Object.assign(drizzle, { query: "select $1, $2, 'fixed literal'", params });
}

describe("serializeError", () => {
  it("keeps which query failed and why, without a single parameter or echoed value", () => {
    const serialized = serializeError(failedQuery()) as Record<string, unknown>;
    const text = JSON.stringify(serialized);
    expect(text).not.toContain("secret");
    expect(text).not.toContain("fixed literal");
    expect(serialized.message).toBe("Failed query: select $1, $2, '[redacted]'\nparams: [redacted]");
    expect(serialized.query).toBe("select $1, $2, '[redacted]'");
    expect(serialized.params).toBeUndefined();
    expect(String(serialized.stack)).toMatch(/^Error: Failed query: select \$1/);
    expect(String(serialized.stack)).toContain("log-redaction.test.ts");
    const cause = serialized.cause as Record<string, unknown>;
    expect(cause).toMatchObject({
      message: 'invalid input syntax for type integer: "[redacted]"',
      code: "22P02",
      table: "answers",
      column: "value",
    });
    expect(cause.detail).toBeUndefined();
    expect(cause.where).toBeUndefined();
  });

  it("leaves other errors as pino writes them, with their own fields", () => {
    const error = Object.assign(new TypeError("cannot read x"), { statusCode: 500, code: "E_X" });
    expect(serializeError(error)).toMatchObject({
      type: "TypeError",
      message: "cannot read x",
      statusCode: 500,
      code: "E_X",
      stack: error.stack,
    });
    expect(serializeError("not an error" as unknown as Error)).toBe("not an error");
  });

  it("masks quoted values and SQL literals, doubled quotes included", () => {
    expect(redactDatabaseMessage('value "a""b" is out of range')).toBe('value "[redacted]" is out of range');
    expect(redactSqlLiterals("where a = 'it''s' and b = $1")).toBe("where a = '[redacted]' and b = $1");
  });
});
