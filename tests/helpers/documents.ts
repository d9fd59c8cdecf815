import type { LightMyRequestResponse } from "fastify";
import type { ConversionResult, DocumentConverter } from "../../server/conversion/types";
import type { FormPage } from "../../src/form/catalogue-types";
import type { DocumentConversionState, PresignedUpload } from "../../src/shared/api-types";
import { clientHeaders, type TestApp } from "./test-app";
import { STATE_WAIT_MS } from "./test-budgets";

// Document API tests: a catalogue with file questions, the calls as the client makes them, and
// the browser's multipart upload.

export const RESUME = "resume_file";
export const TRANSCRIPT = "transcript_file";

/** A one-page catalogue with two file questions and nothing required, so it can be submitted. */
export const DOCUMENT_CATALOGUE: readonly FormPage[] = [
  {
    id: "final-steps",
    title: "Documents",
    intro: "Upload your documents.",
    sections: [
      {
        id: "documents",
        title: "Documents",
        questions: [
          { key: RESUME, kind: "file", label: "Résumé" },
          { key: TRANSCRIPT, kind: "file", label: "Unofficial transcript" },
        ],
      },
    ],
  },
];

/** A one-page PDF (what a converter makes; the stub's output). */
export const TINY_PDF = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

/** The first bytes of a PNG, enough for a stub converter that looks at nothing. */
export const SOME_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

export type StubConverter = DocumentConverter & { calls: { name: string; size: number }[] };

/**
 * Stands in for the conversion engines (server/conversion, another branch) where a test is about
 * what the job does with each outcome: a PDF, a refusal, a crash, a hang. Records every call.
 */
export function stubConverter(
  outcome: (bytes: Uint8Array, name: string) => Promise<ConversionResult>,
): StubConverter {
  const calls: { name: string; size: number }[] = [];
  return {
    calls,
    async convert(bytes, name) {
      calls.push({ name, size: bytes.length });
      return outcome(bytes, name);
    },
    async close() {},
  };
}

export const convertsToTinyPdf = () =>
  stubConverter(async () => ({ pdf: TINY_PDF, kind: "png", engine: "stub", simplified: false }));

export function presign(test: TestApp, cookie: string, answerKey: string): Promise<LightMyRequestResponse> {
  return test.app.inject({
    method: "POST",
    url: "/api/presigned-url",
    headers: { ...clientHeaders(cookie), "content-type": "application/json" },
    payload: { answer_key: answerKey },
  });
}

export async function presignOk(test: TestApp, cookie: string, answerKey: string): Promise<PresignedUpload> {
  const response = await presign(test, cookie, answerKey);
  if (response.statusCode !== 200)
    throw new Error(`presign answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

/** The multipart body a browser's FormData makes: the fields, then the file as `file`. */
export async function multipartBody(
  fields: Record<string, string> | [string, string][],
  file?: { bytes: Uint8Array; name: string; type?: string },
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Array.isArray(fields) ? fields : Object.entries(fields))
    form.append(name, value);
  if (file)
    form.append(
      "file",
      new Blob([Buffer.from(file.bytes)], { type: file.type ?? "application/octet-stream" }),
      file.name,
    );
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get("content-type") ?? "",
  };
}

/** Posts a file to the local store's upload URL as the browser does: no session, no CSRF header. */
export async function uploadLocal(
  test: TestApp,
  upload: PresignedUpload,
  bytes: Uint8Array,
  fields: Record<string, string> = upload.fields,
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = await multipartBody(fields, { bytes, name: "chosen.png" });
  return test.app.inject({
    method: "POST",
    url: upload.url,
    headers: { "content-type": contentType },
    payload,
  });
}

export function submitDocument(
  test: TestApp,
  cookie: string,
  answerKey: string,
  body: { file_key: string; file_name: string },
): Promise<LightMyRequestResponse> {
  return test.app.inject({
    method: "POST",
    url: `/api/pdf/document-answer/${answerKey}`,
    headers: { ...clientHeaders(cookie), "content-type": "application/json" },
    payload: body,
  });
}

export function conversionStatus(
  test: TestApp,
  cookie: string,
  answerKey: string,
): Promise<LightMyRequestResponse> {
  return test.app.inject({
    method: "GET",
    url: `/api/pdf/document-answer/${answerKey}`,
    headers: clientHeaders(cookie),
  });
}

/** Polls the status as the client does until the conversion has ended (or the time runs out). */
export async function settledConversion(
  test: TestApp,
  cookie: string,
  answerKey: string,
  timeoutMs = STATE_WAIT_MS,
): Promise<DocumentConversionState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await conversionStatus(test, cookie, answerKey);
    const state = response.json() as DocumentConversionState;
    if (state.status !== "UNPROCESSED" && state.status !== "IN_PROGRESS") return state;
    if (Date.now() > deadline) throw new Error(`conversion still ${state.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Presigns, uploads and submits a file; answers the file key. */
export async function uploadDocument(
  test: TestApp,
  cookie: string,
  answerKey: string,
  bytes: Uint8Array,
  fileName: string,
): Promise<string> {
  const upload = await presignOk(test, cookie, answerKey);
  const stored = await uploadLocal(test, upload, bytes);
  if (stored.statusCode !== 204) throw new Error(`upload answered ${stored.statusCode}: ${stored.body}`);
  const fileKey = upload.fields.key ?? "";
  const accepted = await submitDocument(test, cookie, answerKey, { file_key: fileKey, file_name: fileName });
  if (accepted.statusCode !== 202)
    throw new Error(`document answered ${accepted.statusCode}: ${accepted.body}`);
  return fileKey;
}
