import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, auditLog, serviceTokens } from "../../server/db/schema";
import { revokeApiKey } from "../../server/services/api-keys";
import { sha256Hex } from "../../server/services/secrets";
import { putAnswers } from "../helpers/api";
import { pdfTestApp, type StandInPrinter, standInPrinter, TRANSCRIPT_TAB } from "../helpers/application-pdf";
import { COMPLETE_APPLICATION } from "../helpers/complete-application";
import { RESUME, settledConversion, TINY_PDF, uploadDocument } from "../helpers/documents";
import { integrationGet, integrationPost, newApiKey } from "../helpers/integration";
import {
  clientHeaders,
  createSiblingApp,
  type DocumentParts,
  signedInUser,
  TEST_PUBLIC_URL,
  type TestApp,
} from "../helpers/test-app";

// The integration API's calls other than the list (integration-list.test.ts), decision 0022: who
// may call (a bearer key, nothing else), one application, its PDF, service links, the audit log,
// the rate limit and the OpenAPI document.

const UNAUTHORIZED = {
  message: "This call needs a valid API key: Authorization: Bearer <key> (npm run api-key:create).",
};
const UNKNOWN = { message: "There is no application with this id." };

let test: TestApp & DocumentParts;
let printer: StandInPrinter;
let key: string;
let ada: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  printer = standInPrinter();
  test = await pdfTestApp(printer);
  ({ key } = await newApiKey(test));
  ada = await signedInUser(test);
  const saved = await putAnswers(test, ada.cookie, { ...COMPLETE_APPLICATION, app_type_desc: "Transfer" });
  expect(saved.statusCode, saved.body).toBe(200);
  await test.app.inject({
    method: "PUT",
    url: "/api/tabs",
    headers: clientHeaders(ada.cookie),
    payload: { tab_id: TRANSCRIPT_TAB, chosen_tab: "later" },
  });
  await uploadDocument(test, ada.cookie, RESUME, TINY_PDF, "resume.pdf");
  await settledConversion(test, ada.cookie, RESUME);
});
afterAll(async () => {
  await test?.close();
});

const routes = () => [
  { method: "GET", url: "/integration/v1/applications" },
  { method: "GET", url: `/integration/v1/applications/${ada.userId}` },
  { method: "GET", url: `/integration/v1/applications/${ada.userId}/pdf` },
  { method: "POST", url: `/integration/v1/applications/${ada.userId}/service-link` },
];

function call(route: { method: string; url: string }, headers: Record<string, string>) {
  return test.app.inject({ method: route.method as "GET" | "POST", url: route.url, headers });
}

describe("who may call", () => {
  it("refuses a missing, malformed, unknown or revoked key with 401 { message } on every route", async () => {
    const revoked = await newApiKey(test, "old");
    await revokeApiKey(test.database.db, revoked.name, test.app.clock());
    const unknown = `adm_${"A".repeat(43)}`;
    const headerSets: Record<string, Record<string, string>> = {
      missing: {},
      "not bearer": { authorization: `Basic ${key}` },
      malformed: { authorization: "Bearer adm_short" },
      unknown: { authorization: `Bearer ${unknown}` },
      revoked: { authorization: `Bearer ${revoked.key}` },
    };
    for (const route of routes()) {
      for (const [name, headers] of Object.entries(headerSets)) {
        const response = await call(route, headers);
        expect(response.statusCode, `${route.method} ${route.url}: ${name}`).toBe(401);
        expect(response.json()).toStrictEqual(UNAUTHORIZED);
        expect(response.headers["www-authenticate"]).toBe('Bearer realm="integration"');
        expect(response.headers["cache-control"]).toBe("no-store");
      }
    }
  });

  it("gives an applicant's session cookie nothing, with or without our client's header", async () => {
    for (const route of routes()) {
      for (const headers of [{ cookie: ada.cookie }, clientHeaders(ada.cookie)]) {
        const response = await call(route, headers);
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(response.json()).toStrictEqual(UNAUTHORIZED);
      }
    }
    const [minted] = await test.database.db
      .select()
      .from(serviceTokens)
      .where(and(eq(serviceTokens.userId, ada.userId), eq(serviceTokens.purpose, "integration")));
    expect(minted).toBeUndefined();
  });

  it("answers with strict security headers and no-store, and without a CSRF header for the POST", async () => {
    const response = await integrationPost(
      test,
      `/integration/v1/applications/${ada.userId}/service-link`,
      key,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(response.headers["strict-transport-security"]).toContain("max-age=");
  });

  it("answers an unknown or malformed application id with 404", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id", "1"]) {
      for (const path of ["", "/pdf"]) {
        const response = await integrationGet(test, `/integration/v1/applications/${id}${path}`, key);
        expect(response.statusCode, `${id}${path}`).toBe(404);
        expect(response.json()).toStrictEqual(UNKNOWN);
      }
      const link = await integrationPost(test, `/integration/v1/applications/${id}/service-link`, key);
      expect(link.statusCode).toBe(404);
      expect(link.json()).toStrictEqual(UNKNOWN);
    }
  });

  it("limits the calls of one key per minute (429 with Retry-After), not the others'", async () => {
    const limited = await createSiblingApp(test, { integrationCallsPerMinute: 3 });
    try {
      const busy = await newApiKey(test, "busy");
      const other = await newApiKey(test, "other");
      const get = (apiKey: string) => integrationGet(limited, "/integration/v1/applications?limit=1", apiKey);
      for (let i = 0; i < 3; i++) expect((await get(busy.key)).statusCode).toBe(200);
      const refused = await get(busy.key);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
      expect((await get(other.key)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe("GET /integration/v1/applications/{id}", () => {
  it("gives the answers as a flat map, the add-another counts, tabs and documents with their status", async () => {
    const response = await integrationGet(test, `/integration/v1/applications/${ada.userId}`, key);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toStrictEqual({
      id: ada.userId,
      username: ada.username,
      web_status: null,
      submitted_at: null,
      answers: { ...COMPLETE_APPLICATION, app_type_desc: "Transfer", [RESUME]: "ANSWERED" },
      add_another: {},
      tabs: { [TRANSCRIPT_TAB]: "later" },
      documents: [{ key: RESUME, file_name: "resume.pdf", file_size: TINY_PDF.length, status: "COMPLETED" }],
    });
  });

  it("says submitted, with the time, once the application is submitted", async () => {
    const grace = await signedInUser(test);
    await putAnswers(test, grace.cookie, COMPLETE_APPLICATION);
    const submitted = await test.app.inject({
      method: "POST",
      url: "/api/submit",
      headers: clientHeaders(grace.cookie),
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const body = (await integrationGet(test, `/integration/v1/applications/${grace.userId}`, key)).json();
    expect(body.web_status).toBe("submitted");
    expect(body.submitted_at).toBe(submitted.json().submitted_at);
  });
});

describe("GET /integration/v1/applications/{id}/pdf", () => {
  it("answers 202 with Retry-After while the PDF is made, then the PDF itself", async () => {
    const release = printer.hold();
    let pending: Awaited<ReturnType<typeof integrationGet>>;
    try {
      pending = await integrationGet(test, `/integration/v1/applications/${ada.userId}/pdf`, key);
    } finally {
      release();
    }
    expect(pending.statusCode, pending.body).toBe(202);
    expect(pending.headers["retry-after"]).toBe("2");
    expect(pending.json()).toMatchObject({ status: expect.stringMatching(/^(UNPROCESSED|IN_PROGRESS)$/) });

    let done = pending;
    while (done.statusCode === 202) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      done = await integrationGet(test, `/integration/v1/applications/${ada.userId}/pdf`, key);
    }
    expect(done.statusCode, done.body).toBe(200);
    expect(done.headers["content-type"]).toBe("application/pdf");
    expect(done.headers["cache-control"]).toBe("no-store");
    expect(done.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(done.headers["content-disposition"]).toContain("Northbridge application - Ada Lovelace.pdf");
  });

  it("answers 503 with when to ask again when the PDF could not be made", async () => {
    const alan = await signedInUser(test);
    await putAnswers(test, alan.cookie, { ...COMPLETE_APPLICATION, first_name: "Alan" });
    printer.failing = true;
    try {
      let response = await integrationGet(test, `/integration/v1/applications/${alan.userId}/pdf`, key);
      while (response.statusCode === 202) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        response = await integrationGet(test, `/integration/v1/applications/${alan.userId}/pdf`, key);
      }
      expect(response.statusCode, response.body).toBe(503);
      expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
      expect(response.json().message).toContain("could not be made");
    } finally {
      printer.failing = false;
    }
  });
});

describe("POST /integration/v1/applications/{id}/service-link", () => {
  it("gives { url }: a link on PUBLIC_URL that opens the application read-only", async () => {
    const response = await integrationPost(
      test,
      `/integration/v1/applications/${ada.userId}/service-link`,
      key,
    );
    expect(response.statusCode, response.body).toBe(200);
    const { url } = response.json();
    expect(Object.keys(response.json())).toStrictEqual(["url"]);
    const match = new RegExp(`^${TEST_PUBLIC_URL}/about\\?service_token=([A-Za-z0-9_-]{43})$`).exec(url);
    expect(match, url).not.toBeNull();
    const token = match?.[1] ?? "";
    const [row] = await test.database.db
      .select()
      .from(serviceTokens)
      .where(eq(serviceTokens.tokenHash, sha256Hex(token)));
    expect(row).toMatchObject({ userId: ada.userId, purpose: "integration" });
    const opened = await test.app.inject({ method: "GET", url: `/service/tmp-pdf?service_token=${token}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().answer.first_name).toBe("Ada");
  });
});

describe("the audit log", () => {
  it("records every call: the key, the route, the application and the time", async () => {
    const { key: auditedKey, name } = await newApiKey(test, "audited");
    const before = test.app.clock();
    await integrationGet(test, "/integration/v1/applications?limit=1", auditedKey);
    await integrationGet(test, `/integration/v1/applications/${ada.userId}`, auditedKey);
    await integrationPost(test, `/integration/v1/applications/${ada.userId}/service-link`, auditedKey);
    await integrationGet(
      test,
      "/integration/v1/applications/00000000-0000-4000-8000-000000000000",
      auditedKey,
    );
    const rows = await test.database.db
      .select({
        action: auditLog.action,
        applicationId: auditLog.applicationId,
        at: auditLog.at,
        staffId: auditLog.staffId,
      })
      .from(auditLog)
      .innerJoin(apiKeys, eq(apiKeys.id, auditLog.apiKeyId))
      .where(eq(apiKeys.name, name))
      .orderBy(auditLog.id);
    expect(
      rows.map(({ action, applicationId, staffId }) => ({ action, applicationId, staffId })),
    ).toStrictEqual([
      { action: "GET /integration/v1/applications", applicationId: null, staffId: null },
      { action: "GET /integration/v1/applications/:id", applicationId: ada.userId, staffId: null },
      {
        action: "POST /integration/v1/applications/:id/service-link",
        applicationId: ada.userId,
        staffId: null,
      },
      {
        action: "GET /integration/v1/applications/:id",
        applicationId: "00000000-0000-4000-8000-000000000000",
        staffId: null,
      },
    ]);
    for (const row of rows) expect(row.at.getTime()).toBeGreaterThanOrEqual(before.getTime());
  });

  it("records nothing for a refused key", async () => {
    const before = await test.database.db.select({ id: auditLog.id }).from(auditLog);
    await integrationGet(test, `/integration/v1/applications/${ada.userId}`, `adm_${"B".repeat(43)}`);
    expect(await test.database.db.select({ id: auditLog.id }).from(auditLog)).toHaveLength(before.length);
  });
});

describe("GET /integration/v1/openapi.json", () => {
  type Document = {
    openapi: string;
    paths: Record<
      string,
      Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>
    >;
  };
  let document: Document;
  beforeAll(async () => {
    const response = await test.app.inject({ method: "GET", url: "/integration/v1/openapi.json" });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });

  /** The JSON schema the document gives for an answer. */
  function schemaOf(path: string, method: string, status: number): object {
    const schema =
      document.paths[path]?.[method]?.responses[String(status)]?.content?.["application/json"]?.schema;
    if (!schema) throw new Error(`the document has no JSON schema for ${method} ${path} ${status}`);
    return schema;
  }

  it("describes every route, without needing a key", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths).sort()).toStrictEqual([
      "/integration/v1/applications",
      "/integration/v1/applications/{id}",
      "/integration/v1/applications/{id}/pdf",
      "/integration/v1/applications/{id}/service-link",
      "/integration/v1/openapi.json",
    ]);
    expect(Object.keys(document.paths["/integration/v1/applications/{id}/service-link"] ?? {})).toStrictEqual(
      ["post"],
    );
    expect(
      document.paths["/integration/v1/applications/{id}/pdf"]?.get?.responses["200"]?.content,
    ).toHaveProperty("application/pdf");
  });

  it("has schemas the real answers satisfy, and that refuse answers of another shape", async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const answers: [string, string, number, unknown][] = [
      [
        "/integration/v1/applications",
        "get",
        200,
        (await integrationGet(test, "/integration/v1/applications", key)).json(),
      ],
      [
        "/integration/v1/applications/{id}",
        "get",
        200,
        (await integrationGet(test, `/integration/v1/applications/${ada.userId}`, key)).json(),
      ],
      [
        "/integration/v1/applications/{id}/service-link",
        "post",
        200,
        (await integrationPost(test, `/integration/v1/applications/${ada.userId}/service-link`, key)).json(),
      ],
      [
        "/integration/v1/applications",
        "get",
        401,
        (await integrationGet(test, "/integration/v1/applications", undefined)).json(),
      ],
    ];
    for (const [path, method, status, body] of answers) {
      const validate = ajv.compile(schemaOf(path, method, status));
      expect(validate(body), `${method} ${path} ${status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
    const detail = ajv.compile(schemaOf("/integration/v1/applications/{id}", "get", 200));
    expect(detail({ id: ada.userId, username: "x", answers: {} })).toBe(false);
  });
});
