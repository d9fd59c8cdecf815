import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDocumentConverter } from "../../server/conversion/create-document-converter";
import { buildPng, quarters } from "../../server/conversion/testing/build-images";
import { pdfInfo, renderPage } from "../../server/conversion/testing/read-pdf";
import type { DocumentConverter } from "../../server/conversion/types";
import { S3ObjectStore } from "../../server/storage/s3-store";
import type { PresignedUpload } from "../../src/shared/api-types";
import { FILE_TOO_LARGE_MESSAGE } from "../../src/shared/document-rules";
import { storedAnswers } from "../helpers/api";
import {
  DOCUMENT_CATALOGUE,
  multipartBody,
  presignOk,
  RESUME,
  settledConversion,
  submitDocument,
} from "../helpers/documents";
import { lacks } from "../helpers/system-tools";
import {
  clientHeaders,
  createTestApp,
  type DocumentParts,
  signedInUser,
  type TestApp,
} from "../helpers/test-app";

// The same API with documents in an S3-compatible store: s3rver, a real S3 server on this
// machine. The browser posts the signed policy straight to the bucket; the server reads, writes,
// streams and removes through the AWS SDK. s3rver ignores content-length-range, so the server's own
// size check on the stored object is what refuses an oversized file here.

const BUCKET = "admissions-documents";
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
const silent = { info() {}, warn() {}, error() {} };

let s3rver: S3rver;
let s3Dir: string;
let endpoint: string;
let store: S3ObjectStore;
let converter: DocumentConverter;
let test: TestApp & DocumentParts;
let sdk: S3Client;

beforeAll(async () => {
  s3Dir = await mkdtemp(path.join(os.tmpdir(), "admissions-s3rver-"));
  s3rver = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3rver.run();
  endpoint = `http://127.0.0.1:${port}`;
  const options = {
    bucket: BUCKET,
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    credentials: CREDENTIALS,
  };
  store = new S3ObjectStore(options);
  sdk = new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true, credentials: CREDENTIALS });
  // Images and PDFs only here: the store is what this file is about, not the Word engines.
  converter = await createDocumentConverter({ log: silent, libreOffice: false, chromium: false });
  test = await createTestApp({
    catalogue: DOCUMENT_CATALOGUE,
    objectStore: store,
    conversions: { converter },
  });
});

afterAll(async () => {
  await test?.close();
  await converter?.close();
  store?.close();
  sdk?.destroy();
  await s3rver?.close();
  await rm(s3Dir, { recursive: true, force: true });
});

/** As the browser does it: a multipart POST of the fields and the file to the bucket's URL. */
async function postToBucket(upload: PresignedUpload, bytes: Uint8Array): Promise<number> {
  const { payload, contentType } = await multipartBody(upload.fields, {
    bytes,
    name: "photo.png",
    type: "image/png",
  });
  const response = await fetch(upload.url, {
    method: "POST",
    headers: { "content-type": contentType },
    body: new Uint8Array(payload),
  });
  await response.arrayBuffer();
  return response.status;
}

async function inBucket(key: string): Promise<boolean> {
  try {
    await sdk.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    return true;
  } catch {
    return false;
  }
}

describe("documents in an S3-compatible store (s3rver)", () => {
  it("signs uploads for the bucket, with the same fields the local store gives", async () => {
    const { userId, cookie } = await signedInUser(test);
    const upload = await presignOk(test, cookie, RESUME);
    expect(upload.url).toBe(`${endpoint}/${BUCKET}`);
    expect(Object.keys(upload.fields).sort()).toEqual(
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
    expect(upload.fields.key).toMatch(new RegExp(`^applicants/${userId}/uploads/${RESUME}/`));
    const policy = JSON.parse(Buffer.from(upload.fields.Policy ?? "", "base64").toString());
    expect(policy.conditions).toContainEqual(["content-length-range", 1, 1_048_576]);
  });

  it("lets the page post to the bucket: its origin is in the CSP's connect-src", async () => {
    const response = await test.app.inject({ method: "GET", url: "/healthz" });
    expect(String(response.headers["content-security-policy"])).toContain(`connect-src 'self' ${endpoint}`);
  });

  it("converts an upload posted to the bucket, serves the PDF from it, and deletes both", async () => {
    const { cookie } = await signedInUser(test);
    const upload = await presignOk(test, cookie, RESUME);
    const fileKey = upload.fields.key ?? "";
    expect(await postToBucket(upload, buildPng(200, 150, quarters(200, 150)))).toBe(204);
    const accepted = await submitDocument(test, cookie, RESUME, {
      file_key: fileKey,
      file_name: "photo.png",
    });
    expect(accepted.statusCode).toBe(202);
    const state = await settledConversion(test, cookie, RESUME, 120_000);
    expect(state.status).toBe("COMPLETED");
    expect((await storedAnswers(test, cookie))[RESUME]).toBe("ANSWERED");

    const view = await test.app.inject({ method: "GET", url: state.url ?? "" });
    expect(view.statusCode).toBe(200);
    expect(view.headers["content-type"]).toBe("application/pdf");
    const pdf = new Uint8Array(view.rawPayload);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe("%PDF-");
    // Its page, as a person would see it (poppler, where installed).
    if (!lacks("poppler")) {
      expect((await pdfInfo(pdf)).Pages).toBe("1");
      expect((await renderPage(pdf)).inkRatio()).toBeGreaterThan(0.3);
    }

    const deleted = await test.app.inject({
      method: "DELETE",
      url: `/api/document-answer/${RESUME}`,
      headers: clientHeaders(cookie),
    });
    expect(deleted.statusCode).toBe(200);
    expect(await inBucket(fileKey)).toBe(false);
    expect((await test.app.inject({ method: "GET", url: state.url ?? "" })).statusCode).toBe(404);
  });

  it("refuses a stored file over 1 MB that the store let through, and removes it", async () => {
    const { cookie } = await signedInUser(test);
    const upload = await presignOk(test, cookie, RESUME);
    const fileKey = upload.fields.key ?? "";
    // s3rver does not enforce content-length-range (Amazon S3 would answer 400 EntityTooLarge).
    expect(await postToBucket(upload, new Uint8Array(1_048_577))).toBe(204);
    expect(await inBucket(fileKey)).toBe(true);
    const refused = await submitDocument(test, cookie, RESUME, { file_key: fileKey, file_name: "big.png" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(FILE_TOO_LARGE_MESSAGE);
    expect(await inBucket(fileKey)).toBe(false);
  });

  it("answers a missing object and another applicant's object alike (404)", async () => {
    const owner = await signedInUser(test);
    const other = await signedInUser(test);
    const upload = await presignOk(test, owner.cookie, RESUME);
    const fileKey = upload.fields.key ?? "";
    const missing = await submitDocument(test, owner.cookie, RESUME, {
      file_key: fileKey,
      file_name: "a.png",
    });
    expect(missing.statusCode).toBe(404);
    expect(await postToBucket(upload, buildPng(10, 10, quarters(10, 10)))).toBe(204);
    const stolen = await submitDocument(test, other.cookie, RESUME, {
      file_key: fileKey,
      file_name: "a.png",
    });
    expect(stolen.statusCode).toBe(404);
    expect(await inBucket(fileKey)).toBe(true);
  });
});
