import type { IncomingHttpHeaders } from "node:http";
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/database";
import { clientSequences } from "../db/schema";
import { HttpError } from "../http-error";

/** A device's identity and the number of its request (decision 0002). */
export type ClientSequence = { clientId: string; seq: number };

const CLIENT_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;
const SEQ_PATTERN = /^[1-9][0-9]{0,15}$/;

export const SUPERSEDED_MESSAGE = "This change was already superseded; resend from the expected sequence.";
export const GAP_MESSAGE =
  "Some earlier changes from this device have not arrived; resend from the expected sequence.";

/**
 * `X-Client-Id` and `X-Client-Seq`: both or neither. Requests without them (other API users) skip
 * the sequence rule.
 */
export function parseClientSequence(headers: IncomingHttpHeaders): ClientSequence | null {
  const clientId = headers["x-client-id"];
  const seq = headers["x-client-seq"];
  if (clientId === undefined && seq === undefined) return null;
  if (clientId === undefined || seq === undefined) {
    throw new HttpError(400, "The X-Client-Id and X-Client-Seq headers must be sent together.");
  }
  if (typeof clientId !== "string" || !CLIENT_ID_PATTERN.test(clientId)) {
    throw new HttpError(400, "The X-Client-Id header must be 8 to 64 letters, digits or '-'.");
  }
  const number = typeof seq === "string" && SEQ_PATTERN.test(seq) ? Number(seq) : Number.NaN;
  if (!Number.isSafeInteger(number)) {
    throw new HttpError(400, "The X-Client-Seq header must be a positive whole number.");
  }
  return { clientId, seq: number };
}

/**
 * Rule 1 of decision 0002, inside the request's transaction: locks the (user, client) row, accepts
 * `last_seq + 1` and records it. Any other number is refused with 409 and `expected_seq`; the throw
 * rolls the transaction back, so the request's idempotency key stays unused. (A repeat whose key
 * has a stored outcome never gets here: runIdempotent replays it first.)
 */
export async function advanceClientSequence(
  tx: Database,
  userId: string,
  { clientId, seq }: ClientSequence,
  now: Date,
): Promise<void> {
  await tx
    .insert(clientSequences)
    .values({ userId, clientId, lastSeq: 0, updatedAt: now })
    .onConflictDoNothing({ target: [clientSequences.userId, clientSequences.clientId] });
  const matches = and(eq(clientSequences.userId, userId), eq(clientSequences.clientId, clientId));
  const [row] = await tx
    .select({ lastSeq: clientSequences.lastSeq })
    .from(clientSequences)
    .where(matches)
    .for("update");
  if (!row) throw new Error("client sequence row vanished after insert");
  const expected = row.lastSeq + 1;
  if (seq !== expected) {
    const message = seq < expected ? SUPERSEDED_MESSAGE : GAP_MESSAGE;
    throw new HttpError(409, message, { body: { expected_seq: expected } });
  }
  await tx.update(clientSequences).set({ lastSeq: seq, updatedAt: now }).where(matches);
}
