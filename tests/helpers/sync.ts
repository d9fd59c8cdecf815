import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import {
  answers,
  applications,
  clientSequences,
  idempotencyKeys,
  validationReports,
} from "../../server/db/schema";
import { putAnswers } from "./api";
import { clientHeaders, idempotencyKey, type TestApp } from "./test-app";

/** A device id as the sync engine sends it in X-Client-Id. */
export function clientId(): string {
  return `device-${randomUUID()}`;
}

/** The sync headers of decision 0002. */
export function syncHeaders(client: string, seq: number): Record<string, string> {
  return { "x-client-id": client, "x-client-seq": String(seq) };
}

/** PUT /api/answer as the sync engine sends it: a batch with its key, client id and sequence number. */
export function sendBatch(
  test: TestApp,
  cookie: string,
  body: unknown,
  batch: { key?: string; client: string; seq: number },
): Promise<LightMyRequestResponse> {
  return putAnswers(test, cookie, body, {
    key: batch.key ?? idempotencyKey(),
    headers: syncHeaders(batch.client, batch.seq),
  });
}

/** A JSON call (POST or PUT) as our client sends it, with an optional Idempotency-Key. */
export function sendJson(
  test: TestApp,
  cookie: string,
  method: "POST" | "PUT",
  url: string,
  body: unknown,
  options: { key?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {
    ...clientHeaders(cookie),
    "content-type": "application/json",
    ...options.headers,
  };
  if (options.key !== undefined) headers["idempotency-key"] = options.key;
  return test.app.inject({ method, url, headers, payload: JSON.stringify(body) });
}

/** The user's answer revision (0 before any save). */
export async function answerRevision(test: TestApp, userId: string): Promise<number> {
  const [row] = await test.database.db
    .select({ revision: applications.answerRevision })
    .from(applications)
    .where(eq(applications.userId, userId));
  return row?.revision ?? 0;
}

/** The stored answer rows with their edit times (ms) and revisions, by key. */
export async function answerRows(
  test: TestApp,
  userId: string,
): Promise<Record<string, { value: string; editedAt: number; revision: number }>> {
  const rows = await test.database.db
    .select()
    .from(answers)
    .where(eq(answers.userId, userId))
    .orderBy(asc(answers.key));
  return Object.fromEntries(
    rows.map((row) => [
      row.key,
      { value: row.value, editedAt: row.editedAt.getTime(), revision: row.revision },
    ]),
  );
}

/** The last applied sequence number of a client, or null when it never had one applied. */
export async function lastSeq(test: TestApp, userId: string, client: string): Promise<number | null> {
  const [row] = await test.database.db
    .select({ lastSeq: clientSequences.lastSeq })
    .from(clientSequences)
    .where(and(eq(clientSequences.userId, userId), eq(clientSequences.clientId, client)));
  return row?.lastSeq ?? null;
}

/** The stored outcomes of a user's idempotency keys (status codes), by key. */
export async function storedKeys(test: TestApp, userId: string): Promise<Record<string, number>> {
  const rows = await test.database.db
    .select({ key: idempotencyKeys.key, statusCode: idempotencyKeys.statusCode })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.userId, userId));
  return Object.fromEntries(rows.map((row) => [row.key, row.statusCode]));
}

/** The user's latest validation report, or null. */
export async function validationReport(
  test: TestApp,
  userId: string,
): Promise<Record<string, string[]> | null> {
  const [row] = await test.database.db
    .select({ report: validationReports.report })
    .from(validationReports)
    .where(eq(validationReports.userId, userId));
  return row?.report ?? null;
}
