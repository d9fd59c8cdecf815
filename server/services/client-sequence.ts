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
 * Rule 1 of decision 0002, inside the request's transaction: accepts `last_seq + 1` for the (user,
 * client) row and records it, holding the row's lock until the transaction ends. Any other number
 * is refused with 409 and `expected_seq`; the throw rolls the transaction back, so the request's
 * idempotency key stays unused. (A repeat whose key has a stored outcome never gets here:
 * runIdempotent replays it first.) A known device's next request takes one conditional UPDATE
 * (issue 15: one round trip, not three); a concurrent request of the same device waits for the
 * row lock and then finds `last_seq` moved on.
 */
export async function advanceClientSequence(
  tx: Database,
  userId: string,
  { clientId, seq }: ClientSequence,
  now: Date,
): Promise<void> {
  const matches = and(eq(clientSequences.userId, userId), eq(clientSequences.clientId, clientId));
  const advance = () =>
    tx
      .update(clientSequences)
      .set({ lastSeq: seq, updatedAt: now })
      .where(and(matches, eq(clientSequences.lastSeq, seq - 1)))
      .returning({ lastSeq: clientSequences.lastSeq });
  if ((await advance()).length > 0) return;
  // A new device (its row starts at 0), or a number out of order.
  const created = await tx
    .insert(clientSequences)
    .values({ userId, clientId, lastSeq: 0, updatedAt: now })
    .onConflictDoNothing({ target: [clientSequences.userId, clientSequences.clientId] })
    .returning({ lastSeq: clientSequences.lastSeq });
  if (created.length > 0 && (await advance()).length > 0) return;
  const [row] = await tx
    .select({ lastSeq: clientSequences.lastSeq })
    .from(clientSequences)
    .where(matches)
    .for("update");
  if (!row) throw new Error("client sequence row vanished after insert");
  const expected = row.lastSeq + 1;
  // The row may have moved on since the UPDATE looked (another request of this device committed).
  if (seq === expected) {
    await tx.update(clientSequences).set({ lastSeq: seq, updatedAt: now }).where(matches);
    return;
  }
  const message = seq < expected ? SUPERSEDED_MESSAGE : GAP_MESSAGE;
  throw new HttpError(409, message, { body: { expected_seq: expected } });
}
