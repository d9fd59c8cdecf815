import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocumentAnswers, DocumentConversionState, PresignedUpload } from "../../src/shared/api-types";
import {
  FILE_NAME_CHARACTERS_MESSAGE,
  FILE_NAME_TOO_LONG_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  FILE_TYPE_MESSAGE,
  UPLOAD_MISSING_MESSAGE,
} from "../../src/shared/document-rules";
import { SUBMITTED_READ_ONLY_MESSAGE, UNAUTHORIZED_MESSAGE } from "../../src/shared/messages";
import { getProfile, storedAnswers } from "../helpers/api";
import {
  convertsToTinyPdf,
  DOCUMENT_CATALOGUE,
  multipartBody,
  presign,
  presignOk,
  RESUME,
  SOME_BYTES,
  settledConversion,
  submitDocument,
  TINY_PDF,
  TRANSCRIPT,
  uploadDocument,
  uploadLocal,
} from "../helpers/documents";
import {
  clientHeaders,
  createTestApp,
  type DocumentParts,
  signedInUser,
  type TestApp,
} from "../helpers/test-app";

let test: TestApp & DocumentParts;
const converter = convertsToTinyPdf();

beforeAll(async () => {
  test = await createTestApp({ catalogue: DOCUMENT_CATALOGUE, conversions: { converter } });
});
afterAll(async () => {
  await test?.close();
});

/** A call as our client makes it; without `cookie`, as an anonymous visitor's client. */
function inject(method: "GET" | "POST" | "DELETE", url: string, cookie?: string, payload?: unknown) {
  const headers: Record<string, string> = cookie ? clientHeaders(cookie) : { "X-Admissions-Client": "1" };
  if (payload !== undefined) headers["content-type"] = "application/json";
  return test.app.inject({ method, url, headers, payload: payload as object | undefined });
}

const documentAnswers = async (cookie: string) =>
  (await inject("GET", "/api/document-answer", cookie)).json() as DocumentAnswers;

describe("POST /api/presigned-url", () => {
  it("answers a signed upload to a fresh key under the applicant's prefix, for 1 byte to 1 MB, for 10 minutes", async () => {
    const { userId, cookie } = await signedInUser(test);
    const first = await presignOk(test, cookie, RESUME);
    const second = await presignOk(test, cookie, RESUME);
    expect(first.url).toBe("/files/upload");
    expect(Object.keys(first.fields).sort()).toEqual(
      [
        "Policy",
        "X-Amz-Algorithm",
        "X-Amz-Credential",
        "X-Amz-Date",
        "X-Amz-Signature",
        "bucket",
        "key",
      ].sort(),
    );
    expect(first.fields.key).toMatch(
      new RegExp(`^applicants/${userId}/uploads/${RESUME}/[A-Za-z0-9_-]{22}$`),
    );
    expect(second.fields.key).not.toBe(first.fields.key);
    const policy = JSON.parse(Buffer.from(first.fields.Policy ?? "", "base64").toString());
    expect(policy.conditions).toContainEqual(["content-length-range", 1, 1_048_576]);
    expect(policy.conditions).toContainEqual({ key: first.fields.key });
    const lifetime = new Date(policy.expiration).getTime() - test.app.clock().getTime();
    expect(lifetime).toBeGreaterThan(9.5 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(10 * 60_000);
  });

  it("is only for signed-in applicants (401) using our client (403 without the CSRF header)", async () => {
    const anonymous = await test.app.inject({
      method: "POST",
      url: "/api/presigned-url",
      headers: { "content-type": "application/json", "X-Admissions-Client": "1" },
      payload: { answer_key: RESUME },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(UNAUTHORIZED_MESSAGE);
    const { cookie } = await signedInUser(test);
    const forged = await test.app.inject({
      method: "POST",
      url: "/api/presigned-url",
      headers: { cookie, "content-type": "application/json" },
      payload: { answer_key: RESUME },
    });
    expect(forged.statusCode).toBe(403);
  });

  it("refuses a key that is not a file question (400, naming the file questions)", async () => {
    const { cookie } = await signedInUser(test);
    for (const answerKey of ["first_name", "../etc", "unknown_file"]) {
      const response = await presign(test, cookie, answerKey);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(`${RESUME}, ${TRANSCRIPT}`);
    }
    expect((await inject("POST", "/api/presigned-url", cookie, { answer_key: 7 })).statusCode).toBe(400);
  });

  it("limits each applicant to 30 signed uploads per 15 minutes (429 with Retry-After)", async () => {
    const { cookie } = await signedInUser(test);
    const other = await signedInUser(test);
    for (let i = 0; i < 30; i++) expect((await presign(test, cookie, RESUME)).statusCode).toBe(200);
    const refused = await presign(test, cookie, RESUME);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await presign(test, other.cookie, RESUME)).statusCode).toBe(200);
  });
});

describe("POST /files/upload (the local store, checked as S3 checks a POST policy)", () => {
  let cookie: string;
  let upload: PresignedUpload;
  beforeAll(async () => {
    ({ cookie } = await signedInUser(test));
  });
  const fresh = async () => {
    upload = await presignOk(test, cookie, RESUME);
    return upload;
  };
  const stored = () => test.store.head(upload.fields.key ?? "");

  it("stores the file under the signed key without a session or CSRF header (204)", async () => {
    await fresh();
    const response = await uploadLocal(test, upload, SOME_BYTES);
    expect(response.statusCode).toBe(204);
    expect((await stored())?.size).toBe(SOME_BYTES.length);
    expect(await test.store.read(upload.fields.key ?? "")).toEqual(SOME_BYTES);
  });

  it("refuses an expired policy (403) and keeps nothing", async () => {
    await fresh();
    test.advanceClock(10 * 60_000);
    try {
      const response = await uploadLocal(test, upload, SOME_BYTES);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toContain("Policy expired");
    } finally {
      test.advanceClock(-10 * 60_000);
    }
    expect(await stored()).toBeNull();
  });

  it("refuses a forged signature and a tampered policy (403)", async () => {
    await fresh();
    const forged = await uploadLocal(test, upload, SOME_BYTES, {
      ...upload.fields,
      "X-Amz-Signature": "f".repeat(64),
    });
    expect(forged.statusCode).toBe(403);
    const policy = JSON.parse(Buffer.from(upload.fields.Policy ?? "", "base64").toString());
    policy.conditions = policy.conditions.map((c: unknown) =>
      Array.isArray(c) && c[0] === "content-length-range" ? ["content-length-range", 1, 50_000_000] : c,
    );
    const tampered = { ...upload.fields, Policy: Buffer.from(JSON.stringify(policy)).toString("base64") };
    expect((await uploadLocal(test, upload, SOME_BYTES, tampered)).statusCode).toBe(403);
    expect(await stored()).toBeNull();
  });

  it("refuses a key other than the signed one (403), e.g. another applicant's prefix", async () => {
    await fresh();
    const otherKey = (upload.fields.key ?? "").replace(/applicants\/[^/]+\//, "applicants/someone-else/");
    const response = await uploadLocal(test, upload, SOME_BYTES, { ...upload.fields, key: otherKey });
    expect(response.statusCode).toBe(403);
    expect(await test.store.head(otherKey)).toBeNull();
  });

  it("refuses fields the policy does not name (403)", async () => {
    await fresh();
    const response = await uploadLocal(test, upload, SOME_BYTES, {
      ...upload.fields,
      "Content-Type": "text/html",
    });
    expect(response.statusCode).toBe(403);
    expect(await stored()).toBeNull();
  });

  it("refuses a body that is not the multipart form it claims with 400, not as the server's problem", async () => {
    await fresh();
    const { payload, contentType } = await multipartBody(upload.fields, { bytes: SOME_BYTES, name: "a.png" });
    const cases: [string, string | Buffer][] = [
      ["multipart/form-data; boundary=nothing-like-it", "garbage"],
      ["multipart/form-data", "garbage"],
      // Cut short in the middle of the file.
      [contentType, payload.subarray(0, payload.length - 20)],
    ];
    for (const [type, body] of cases) {
      const response = await test.app.inject({
        method: "POST",
        url: upload.url,
        headers: { "content-type": type },
        payload: body,
      });
      expect(response.statusCode, `${type}: ${response.body}`).toBe(400);
      expect(response.json()).toStrictEqual({
        message: "The upload could not be read: its form data is malformed.",
      });
    }
    expect(await stored()).toBeNull();
  });

  it("refuses a file of 1 MB + 1 byte (400, the spec's message) and keeps nothing", async () => {
    await fresh();
    const response = await uploadLocal(test, upload, new Uint8Array(1_048_577));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(FILE_TOO_LARGE_MESSAGE);
    expect(await stored()).toBeNull();
    await fresh();
    expect((await uploadLocal(test, upload, new Uint8Array(1_048_576).fill(7))).statusCode).toBe(204);
    expect((await stored())?.size).toBe(1_048_576);
  });

  it("refuses an empty file (400) and keeps nothing", async () => {
    await fresh();
    const response = await uploadLocal(test, upload, new Uint8Array(0));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Your file is empty. Please upload a non-empty file.");
    expect(await stored()).toBeNull();
  });

  it("refuses a form without a file, or not multipart", async () => {
    await fresh();
    const { multipartBody } = await import("../helpers/documents");
    const { payload, contentType } = await multipartBody(upload.fields);
    const noFile = await test.app.inject({
      method: "POST",
      url: upload.url,
      headers: { "content-type": contentType },
      payload,
    });
    expect(noFile.statusCode).toBe(400);
    const json = await test.app.inject({
      method: "POST",
      url: upload.url,
      headers: { "content-type": "application/json" },
      payload: "{}",
    });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
  });
});

describe("POST /api/pdf/document-answer/{key}", () => {
  it("records the document answer and an UNPROCESSED conversion, which the job completes (ANSWERED)", async () => {
    const { cookie } = await signedInUser(test);
    const upload = await presignOk(test, cookie, RESUME);
    await uploadLocal(test, upload, SOME_BYTES);
    const accepted = await submitDocument(test, cookie, RESUME, {
      file_key: upload.fields.key ?? "",
      file_name: "My résumé.png",
    });
    expect(accepted.statusCode).toBe(202);
    expect(accepted.json()).toEqual({
      message: expect.any(String),
      status: "UNPROCESSED",
      file_name: "My résumé.png",
      file_size: SOME_BYTES.length,
    });
    expect(await documentAnswers(cookie)).toEqual({
      [RESUME]: { file_name: "My résumé.png", file_size: SOME_BYTES.length },
    });

    const state = await settledConversion(test, cookie, RESUME);
    expect(state).toEqual({
      status: "COMPLETED",
      message: expect.any(String),
      url: expect.stringMatching(/^\/files\/view\?token=/),
    });
    expect(converter.calls).toContainEqual({ name: "My résumé.png", size: SOME_BYTES.length });
    expect((await storedAnswers(test, cookie))[RESUME]).toBe("ANSWERED");
    const profile = (await getProfile(test, cookie)).json();
    expect(profile.document_answer).toEqual({
      [RESUME]: { file_name: "My résumé.png", file_size: SOME_BYTES.length },
    });
  });

  it("answers NOT_ANSWERED for a question without a file", async () => {
    const { cookie } = await signedInUser(test);
    const state = (await inject("GET", `/api/pdf/document-answer/${TRANSCRIPT}`, cookie)).json();
    expect(state).toEqual({ status: "NOT_ANSWERED", message: expect.any(String), url: null });
  });

  it("is only for signed-in applicants using our client", async () => {
    const { cookie } = await signedInUser(test);
    const upload = await presignOk(test, cookie, RESUME);
    const body = { file_key: upload.fields.key, file_name: "a.png" };
    expect((await inject("POST", `/api/pdf/document-answer/${RESUME}`, undefined, body)).statusCode).toBe(
      401,
    );
    const noHeader = await test.app.inject({
      method: "POST",
      url: `/api/pdf/document-answer/${RESUME}`,
      headers: { cookie, "content-type": "application/json" },
      payload: body,
    });
    expect(noHeader.statusCode).toBe(403);
    expect((await inject("GET", `/api/pdf/document-answer/${RESUME}`)).statusCode).toBe(401);
    expect((await inject("DELETE", `/api/pdf/document-answer/${RESUME}`)).statusCode).toBe(401);
    expect((await inject("GET", "/api/document-answer")).statusCode).toBe(401);
    expect((await inject("DELETE", `/api/document-answer/${RESUME}`)).statusCode).toBe(401);
    const deleteWithoutHeader = await test.app.inject({
      method: "DELETE",
      url: `/api/document-answer/${RESUME}`,
      headers: { cookie },
    });
    expect(deleteWithoutHeader.statusCode).toBe(403);
  });

  it("answers 404 for a question that is not a file question", async () => {
    const { cookie } = await signedInUser(test);
    for (const [method, url] of [
      ["POST", "/api/pdf/document-answer/first_name"],
      ["GET", "/api/pdf/document-answer/first_name"],
      ["DELETE", "/api/pdf/document-answer/nothing"],
      ["DELETE", "/api/document-answer/nothing"],
    ] as const) {
      const response = await inject(
        method,
        url,
        cookie,
        method === "POST" ? { file_key: "x", file_name: "a.pdf" } : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      // The path's key is not repeated (issue 36).
      expect(response.json(), `${method} ${url}`).toStrictEqual({
        message: "There is no such file question in the application.",
      });
    }
  });

  it("answers another applicant's upload, another question's upload and a missing object alike (404)", async () => {
    const owner = await signedInUser(test);
    const intruder = await signedInUser(test);
    const upload = await presignOk(test, owner.cookie, RESUME);
    await uploadLocal(test, upload, SOME_BYTES);
    const fileKey = upload.fields.key ?? "";
    const stolen = await submitDocument(test, intruder.cookie, RESUME, {
      file_key: fileKey,
      file_name: "a.png",
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe(UPLOAD_MISSING_MESSAGE);
    const elsewhere = await submitDocument(test, owner.cookie, TRANSCRIPT, {
      file_key: fileKey,
      file_name: "a.png",
    });
    expect(elsewhere.statusCode).toBe(404);
    const notUploaded = await presignOk(test, owner.cookie, RESUME);
    const missing = await submitDocument(test, owner.cookie, RESUME, {
      file_key: notUploaded.fields.key ?? "",
      file_name: "a.png",
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(UPLOAD_MISSING_MESSAGE);
    const madeUp = await submitDocument(test, owner.cookie, RESUME, {
      file_key: `${fileKey}/../x`,
      file_name: "a.png",
    });
    expect(madeUp.statusCode).toBe(404);
    // Nothing was recorded, and the owner's object is untouched.
    expect(await documentAnswers(intruder.cookie)).toEqual({});
    expect((await test.store.head(fileKey))?.size).toBe(SOME_BYTES.length);
  });

  it.each([
    ["a 33-character name", `${"a".repeat(29)}.pdf`, FILE_NAME_TOO_LONG_MESSAGE],
    ["a .txt name", "notes.txt", FILE_TYPE_MESSAGE],
    ["a name without extension", "transcript", FILE_TYPE_MESSAGE],
    ["CR/LF in the name", "a\r\nContent-Type: text/html.pdf", FILE_NAME_CHARACTERS_MESSAGE],
    ["a right-to-left override hiding .exe", "cv\u202Efdp.exe", FILE_TYPE_MESSAGE],
  ])("refuses %s (400, the spec's message) and converts nothing", async (_, fileName, message) => {
    const { cookie } = await signedInUser(test);
    const upload = await presignOk(test, cookie, RESUME);
    await uploadLocal(test, upload, SOME_BYTES);
    const before = converter.calls.length;
    const response = await submitDocument(test, cookie, RESUME, {
      file_key: upload.fields.key ?? "",
      file_name: fileName,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await documentAnswers(cookie)).toEqual({});
    expect((await inject("GET", `/api/pdf/document-answer/${RESUME}`, cookie)).json().status).toBe(
      "NOT_ANSWERED",
    );
    expect(converter.calls.length).toBe(before);
  });

  it("stores a name with direction marks removed", async () => {
    const { cookie } = await signedInUser(test);
    await uploadDocument(test, cookie, RESUME, SOME_BYTES, "\u202Bקורות חיים\u202C.pdf");
    expect((await documentAnswers(cookie))[RESUME]?.file_name).toBe("קורות חיים.pdf");
  });

  it.each([
    ["../../etc/passwd.pdf", "passwd.pdf"],
    ["a/b.pdf", "b.pdf"],
    ["..\\..\\win.pdf", "win.pdf"],
    ["Q3: <draft>.pdf", "Q3_ _draft_.pdf"],
  ])(
    "stores %j without directory parts or characters Windows refuses, as %j (issue 36)",
    async (raw, name) => {
      const { cookie } = await signedInUser(test);
      const fileKey = await uploadDocument(test, cookie, RESUME, SOME_BYTES, raw);
      expect((await documentAnswers(cookie))[RESUME]?.file_name).toBe(name);
      // Nothing of a name ever goes into a storage key.
      expect(fileKey).not.toMatch(/passwd|win|draft|\.\./);
    },
  );

  it("refuses a stored object over 1 MB or empty (a store that ignored the policy) and removes it", async () => {
    const { cookie } = await signedInUser(test);
    for (const [size, message] of [
      [1_048_577, FILE_TOO_LARGE_MESSAGE],
      [0, "Your file is empty. Please upload a non-empty file."],
    ] as const) {
      const upload = await presignOk(test, cookie, RESUME);
      const key = upload.fields.key ?? "";
      await test.store.write(key, new Uint8Array(size), "application/octet-stream");
      const response = await submitDocument(test, cookie, RESUME, { file_key: key, file_name: "big.pdf" });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
      expect(await test.store.head(key)).toBeNull();
    }
  });

  it("queues one conversion when the same upload is sent twice", async () => {
    const { cookie } = await signedInUser(test);
    const fileKey = await uploadDocument(test, cookie, TRANSCRIPT, SOME_BYTES, "t.png");
    await settledConversion(test, cookie, TRANSCRIPT);
    const calls = converter.calls.length;
    const again = await submitDocument(test, cookie, TRANSCRIPT, { file_key: fileKey, file_name: "t.png" });
    expect(again.statusCode).toBe(202);
    expect(again.json().status).toBe("COMPLETED");
    expect(converter.calls.length).toBe(calls);
  });

  it("replaces an earlier document of the question, removing its upload and PDF", async () => {
    const { cookie } = await signedInUser(test);
    const firstKey = await uploadDocument(test, cookie, RESUME, SOME_BYTES, "first.png");
    const first = await settledConversion(test, cookie, RESUME);
    const firstPdf = await test.app.inject({ method: "GET", url: first.url ?? "" });
    expect(firstPdf.statusCode).toBe(200);
    const secondKey = await uploadDocument(test, cookie, RESUME, new Uint8Array([1, 2, 3]), "second.pdf");
    expect(await test.store.head(firstKey)).toBeNull();
    expect((await test.app.inject({ method: "GET", url: first.url ?? "" })).statusCode).toBe(404);
    expect(await documentAnswers(cookie)).toEqual({ [RESUME]: { file_name: "second.pdf", file_size: 3 } });
    expect((await settledConversion(test, cookie, RESUME)).status).toBe("COMPLETED");
    expect((await test.store.head(secondKey))?.size).toBe(3);
  });
});

describe("viewing the converted PDF", () => {
  let cookie: string;
  let state: DocumentConversionState;
  beforeAll(async () => {
    ({ cookie } = await signedInUser(test));
    await uploadDocument(test, cookie, RESUME, SOME_BYTES, "Statement 2026.png");
    state = await settledConversion(test, cookie, RESUME);
  });

  it("serves the PDF inline, uncached, in a sandbox, without the session cookie", async () => {
    const response = await test.app.inject({ method: "GET", url: state.url ?? "" });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(Buffer.from(TINY_PDF));
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(
      `inline; filename="Statement 2026.pdf"; filename*=UTF-8''Statement%202026.pdf`,
    );
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/(^|; )sandbox( |;|$)/);
    expect(csp).not.toContain("allow-same-origin");
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
  });

  it("refuses a link after 5 minutes, and a forged or altered one (403)", async () => {
    const url = state.url ?? "";
    const token = new URL(url, "http://x").searchParams.get("token") ?? "";
    const [payload, signature] = token.split(".");
    const claim = JSON.parse(Buffer.from(payload ?? "", "base64url").toString());
    const otherKey = Buffer.from(
      JSON.stringify({ ...claim, key: claim.key.replace(/converted\/.*/, "uploads/x") }),
    ).toString("base64url");
    expect(
      (await test.app.inject({ method: "GET", url: `/files/view?token=${otherKey}.${signature}` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await test.app.inject({ method: "GET", url: `/files/view?token=${payload}.${"A".repeat(43)}` }))
        .statusCode,
    ).toBe(403);
    expect((await test.app.inject({ method: "GET", url: "/files/view?token=nonsense" })).statusCode).toBe(
      403,
    );
    test.advanceClock(5 * 60_000);
    try {
      expect((await test.app.inject({ method: "GET", url })).statusCode).toBe(403);
    } finally {
      test.advanceClock(-5 * 60_000);
    }
    expect((await test.app.inject({ method: "GET", url })).statusCode).toBe(200);
  });

  it("gives links only to the owner", async () => {
    const other = await signedInUser(test);
    const theirs = (await inject("GET", `/api/pdf/document-answer/${RESUME}`, other.cookie)).json();
    expect(theirs).toEqual({ status: "NOT_ANSWERED", message: expect.any(String), url: null });
  });
});

describe("deleting", () => {
  it("DELETE /api/pdf/document-answer/{key} removes the conversion and its PDF, and the question is no longer ANSWERED", async () => {
    const { cookie } = await signedInUser(test);
    const fileKey = await uploadDocument(test, cookie, RESUME, SOME_BYTES, "cv.png");
    const { url } = await settledConversion(test, cookie, RESUME);
    const response = await inject("DELETE", `/api/pdf/document-answer/${RESUME}`, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect((await inject("GET", `/api/pdf/document-answer/${RESUME}`, cookie)).json().status).toBe(
      "NOT_ANSWERED",
    );
    expect((await test.app.inject({ method: "GET", url: url ?? "" })).statusCode).toBe(404);
    expect((await storedAnswers(test, cookie))[RESUME]).toBe("");
    // The document answer itself stays until it is deleted too.
    expect(Object.keys(await documentAnswers(cookie))).toEqual([RESUME]);
    expect(await test.store.head(fileKey)).not.toBeNull();
    expect((await inject("DELETE", `/api/pdf/document-answer/${RESUME}`, cookie)).statusCode).toBe(200);
  });

  it("DELETE /api/document-answer/{key} removes the document, its upload, its conversion and PDF", async () => {
    const { cookie } = await signedInUser(test);
    const fileKey = await uploadDocument(test, cookie, TRANSCRIPT, SOME_BYTES, "t.png");
    const { url } = await settledConversion(test, cookie, TRANSCRIPT);
    const response = await inject("DELETE", `/api/document-answer/${TRANSCRIPT}`, cookie);
    expect(response.statusCode).toBe(200);
    expect(await documentAnswers(cookie)).toEqual({});
    expect(await test.store.head(fileKey)).toBeNull();
    expect((await test.app.inject({ method: "GET", url: url ?? "" })).statusCode).toBe(404);
    expect((await inject("GET", `/api/pdf/document-answer/${TRANSCRIPT}`, cookie)).json().status).toBe(
      "NOT_ANSWERED",
    );
    expect((await storedAnswers(test, cookie))[TRANSCRIPT]).toBe("");
    expect((await inject("DELETE", `/api/document-answer/${TRANSCRIPT}`, cookie)).statusCode).toBe(200);
  });

  it("never touches another applicant's document", async () => {
    const owner = await signedInUser(test);
    const other = await signedInUser(test);
    const fileKey = await uploadDocument(test, owner.cookie, RESUME, SOME_BYTES, "mine.png");
    await settledConversion(test, owner.cookie, RESUME);
    expect((await inject("DELETE", `/api/document-answer/${RESUME}`, other.cookie)).statusCode).toBe(200);
    expect((await inject("DELETE", `/api/pdf/document-answer/${RESUME}`, other.cookie)).statusCode).toBe(200);
    expect(Object.keys(await documentAnswers(owner.cookie))).toEqual([RESUME]);
    expect(await test.store.head(fileKey)).not.toBeNull();
    expect((await settledConversion(test, owner.cookie, RESUME)).status).toBe("COMPLETED");
  });
});

describe("after submission", () => {
  it("refuses every document change with 409, like answers, and still answers reads", async () => {
    const { cookie } = await signedInUser(test);
    const fileKey = await uploadDocument(test, cookie, RESUME, SOME_BYTES, "cv.png");
    await settledConversion(test, cookie, RESUME);
    const nextUpload = await presignOk(test, cookie, TRANSCRIPT);
    await uploadLocal(test, nextUpload, SOME_BYTES);
    const submitted = await inject("POST", "/api/submit", cookie);
    expect(submitted.statusCode).toBe(200);

    const refusals = [
      await presign(test, cookie, TRANSCRIPT),
      await submitDocument(test, cookie, TRANSCRIPT, {
        file_key: nextUpload.fields.key ?? "",
        file_name: "t.png",
      }),
      await inject("DELETE", `/api/pdf/document-answer/${RESUME}`, cookie),
      await inject("DELETE", `/api/document-answer/${RESUME}`, cookie),
    ];
    for (const response of refusals) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: SUBMITTED_READ_ONLY_MESSAGE, submitted: true });
    }
    expect(Object.keys(await documentAnswers(cookie))).toEqual([RESUME]);
    expect(await test.store.head(fileKey)).not.toBeNull();
    expect((await settledConversion(test, cookie, RESUME)).status).toBe("COMPLETED");
  });
  it("answers a retried record of the document it holds as the first time, after a submit that came between", async () => {
    const { cookie } = await signedInUser(test);
    const fileKey = await uploadDocument(test, cookie, RESUME, SOME_BYTES, "cv.png");
    await settledConversion(test, cookie, RESUME);
    const other = await presignOk(test, cookie, RESUME);
    await uploadLocal(test, other, SOME_BYTES);
    expect((await inject("POST", "/api/submit", cookie)).statusCode).toBe(200);
    const calls = converter.calls.length;

    const retried = await submitDocument(test, cookie, RESUME, { file_key: fileKey, file_name: "cv.png" });
    expect(retried.statusCode).toBe(202);
    expect(retried.json()).toMatchObject({ status: "COMPLETED", file_name: "cv.png" });
    expect(converter.calls.length).toBe(calls);
    // Another file for the question is still a change, and refused.
    const refused = await submitDocument(test, cookie, RESUME, {
      file_key: other.fields.key ?? "",
      file_name: "cv.png",
    });
    expect(refused.statusCode).toBe(409);
  });
});
