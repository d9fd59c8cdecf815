import type { IncomingHttpHeaders } from "node:http";
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
