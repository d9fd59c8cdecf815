import { get, set } from "idb-keyval";
import { apiRequest } from "../../lib/api-client";
import type { AnswerOutcome } from "../../shared/api-types";
import type { ActionKind } from "./local-db";
import type { ServerClock } from "./server-clock";
import type { Batch } from "./sync-queue";

const CLIENT_ID_KEY = "client-id";

/** This device's id for the server's sequence numbers; all tabs share it (only the leader sends). */
export async function deviceClientId(): Promise<string> {
  const known = await get<string>(CLIENT_ID_KEY);
  if (known) return known;
  const id = crypto.randomUUID();
  await set(CLIENT_ID_KEY, id);
  return id;
}

/**
 * A send that has had no answer for this long is given up and retried (same key, so safe): on a
 * poor connection a request can otherwise hang for minutes and hold back everything behind it.
 */
const SEND_TIMEOUT_MS = 30_000;

/** The call each non-answer kind is sent with; its payload is the body. */
const ACTION_CALLS: Record<ActionKind, readonly [method: "PUT" | "POST", path: string]> = {
  "last-page": ["PUT", "/api/last-page"],
  "web-status": ["POST", "/api/web-status"],
  validations: ["POST", "/api/validations"],
  "add-another": ["PUT", "/api/add-another"],
  tabs: ["PUT", "/api/tabs"],
  language: ["POST", "/api/language"],
};

/** Sends a batch to the API (docs/decisions/0002-sync-protocol.md). */
export function httpTransport(clientId: string, clock: ServerClock) {
  return async (batch: Batch): Promise<AnswerOutcome | undefined> => {
    const headers = { "Idempotency-Key": batch.batchId };
    const signal = AbortSignal.timeout(SEND_TIMEOUT_MS);
    if (batch.kind !== "answer") {
      const [method, path] = ACTION_CALLS[batch.kind];
      await apiRequest(method, path, { body: batch.payload, headers, signal });
      return undefined;
    }
    const sentAt = Date.now();
    const outcome = await apiRequest<AnswerOutcome>("PUT", "/api/answer", {
      body: { answers: batch.answers, edited_at: batch.editedAt },
      headers: { ...headers, "X-Client-Id": clientId, "X-Client-Seq": String(batch.seq) },
      signal,
    });
    clock.observe(outcome.server_time, sentAt, Date.now());
    return outcome;
  };
}
