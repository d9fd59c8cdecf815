import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { Database } from "../db/database";
import { idempotencyKeys } from "../db/schema";
import { HttpError } from "../http-error";

export type Outcome = { statusCode: number; body: Record<string, unknown> };
export type IdempotentResult = Outcome & { replayed: boolean };

/** Sends an outcome; a replayed one says so (`Idempotent-Replayed: true`, decision 0002). */
export function sendOutcome(reply: FastifyReply, result: IdempotentResult): FastifyReply {
  if (result.replayed) reply.header("Idempotent-Replayed", "true");
  return reply.status(result.statusCode).send(result.body);
}

export const KEY_REUSED_MESSAGE = "This Idempotency-Key was already used for a different request.";

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;
/** Long enough for any client retry, short enough that the table stays small. */
const RETENTION_MS = 24 * 60 * 60 * 1000;

export function parseIdempotencyKey(header: string | string[] | undefined): string {
  if (header === undefined) throw new HttpError(400, "The Idempotency-Key header is required.");
  if (typeof header !== "string" || !KEY_PATTERN.test(header)) {
    throw new HttpError(
      400,
      "The Idempotency-Key header must be 8 to 128 letters, digits, '-', '_', '.' or ':'.",
    );
  }
  return header;
}

/** For calls where the key is optional: undefined when the header is absent, checked when present. */
export function parseOptionalIdempotencyKey(header: string | string[] | undefined): string | undefined {
  return header === undefined ? undefined : parseIdempotencyKey(header);
}

/**
 * Stable hash of a call's JSON body, whatever the key order, tagged with the call so that one key
 * sent to two different calls never replays the other's outcome.
 */
export function hashCall(call: string, body: unknown): string {
  return createHash("sha256").update(call).update("\n").update(stableJson(body)).digest("hex");
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** Stable hash of a request body: same content, same hash, whatever the key order. */
export function hashRequest(body: Record<string, string>): string {
  const sorted = Object.keys(body)
    .sort()
    .map((k) => [k, body[k]]);
  return createHash("sha256").update(JSON.stringify(sorted)).digest("hex");
}

/**
 * Runs `apply` once per (user, key). The key row is inserted in the same transaction as the change,
 * so a concurrent duplicate waits on it and then reads the committed outcome; a failed attempt
 * rolls back both and may be retried.
 */
export async function runIdempotent(
  db: Database,
  request: { userId: string; key: string; requestHash: string },
  apply: (tx: Database) => Promise<Outcome>,
): Promise<IdempotentResult> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ ...request, statusCode: 0, response: {} })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) return replay(tx, request);
    const outcome = await apply(tx);
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: outcome.statusCode, response: outcome.body })
      .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)));
    return { ...outcome, replayed: false };
  });
}

/** runIdempotent when the request carries a key; otherwise `apply` in a plain transaction. */
export async function runMaybeIdempotent(
  db: Database,
  request: { userId: string; key: string | undefined; requestHash: string },
  apply: (tx: Database) => Promise<Outcome>,
): Promise<IdempotentResult> {
  const { key, ...rest } = request;
  if (key !== undefined) return runIdempotent(db, { ...rest, key }, apply);
  const outcome = await db.transaction((tx) => apply(tx));
  return { ...outcome, replayed: false };
}

async function replay(
  tx: Database,
  request: { userId: string; key: string; requestHash: string },
): Promise<IdempotentResult> {
  const [stored] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)));
  if (!stored) throw new Error("idempotency row vanished between conflict and read");
  if (stored.requestHash !== request.requestHash) {
    throw new HttpError(422, KEY_REUSED_MESSAGE);
  }
  return { statusCode: stored.statusCode, body: stored.response as Record<string, unknown>, replayed: true };
}

export async function purgeExpiredIdempotencyKeys(db: Database, now: Date): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - RETENTION_MS)));
}
