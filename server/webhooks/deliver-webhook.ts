import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { WebhookConfig } from "../config";
import type { Database } from "../db/database";
import { webhookAttempts, webhookDeliveries } from "../db/schema";
import type { DeliverWebhookPayload } from "../jobs/job-queue";
import { SIGNATURE_HEADER, webhookSignature } from "./signature";

// The `deliver-webhook` job (decision 0022): one POST of one event to WEBHOOK_URL, signed, each
// attempt recorded. A 2xx answer acknowledges it (delivered); anything else (another status, a
// redirect, no answer within the time limit) throws, and pg-boss tries again with backoff, until
// the last attempt marks it failed. At least once: a process that dies after the receiver's 2xx
// but before recording it sends the event again, with the same Webhook-Id.

export type WebhookDependencies = {
  db: Database;
  target: WebhookConfig;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** How long one attempt waits for the receiver's answer. */
  timeoutMs: number;
};

export type WebhookRun = { payload: DeliverWebhookPayload; lastAttempt: boolean };

const USER_AGENT = "admissions-webhook/1";

/** One POST; the receiver's status, or why there was none. */
async function post(
  deps: WebhookDependencies,
  delivery: { id: string; body: string },
): Promise<{ statusCode: number | null; error: string | null }> {
  const unixSeconds = Math.floor(deps.clock().getTime() / 1000);
  try {
    const response = await fetch(deps.target.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": USER_AGENT,
        "webhook-id": delivery.id,
        [SIGNATURE_HEADER]: webhookSignature(deps.target.secret, delivery.body, unixSeconds),
      },
      body: delivery.body,
      // A redirect is not an acknowledgement: the event would go, unsigned by intent, elsewhere.
      redirect: "manual",
      signal: AbortSignal.timeout(deps.timeoutMs),
    });
    // Nothing of the answer is needed but its status.
    await response.body?.cancel().catch(() => {});
    return response.ok
      ? { statusCode: response.status, error: null }
      : { statusCode: response.status, error: `the receiver answered ${response.status}` };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason =
      error instanceof Error && error.name === "TimeoutError"
        ? `no answer within ${deps.timeoutMs} ms`
        : (cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error)));
    return { statusCode: null, error: `no answer: ${reason}` };
  }
}

/** Runs one delivery attempt. Throws only to have pg-boss try again later. */
export async function runDeliverWebhook(deps: WebhookDependencies, run: WebhookRun): Promise<void> {
  const { deliveryId } = run.payload;
  // Counted first, so a run cut short still counts; a delivery already ended is left alone.
  const [delivery] = await deps.db
    .update(webhookDeliveries)
    .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, updatedAt: deps.clock() })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, "pending")))
    .returning({
      id: webhookDeliveries.id,
      body: webhookDeliveries.body,
      attempts: webhookDeliveries.attempts,
    });
  if (!delivery) return;

  const startedAt = deps.clock();
  const started = performance.now();
  const { statusCode, error } = await post(deps, delivery);
  await deps.db.insert(webhookAttempts).values({
    deliveryId,
    url: deps.target.url,
    startedAt,
    durationMs: Math.round(performance.now() - started),
    statusCode,
    error,
  });
  const log = deps.log.child({ webhookDelivery: deliveryId, attempt: delivery.attempts });
  if (!error) {
    await deps.db
      .update(webhookDeliveries)
      .set({ status: "delivered", deliveredAt: deps.clock(), updatedAt: deps.clock() })
      .where(eq(webhookDeliveries.id, deliveryId));
    log.info({ statusCode }, "webhook delivered");
    return;
  }
  log.warn({ statusCode, reason: error, lastAttempt: run.lastAttempt }, "webhook not delivered");
  if (run.lastAttempt) return markFailed(deps, deliveryId);
  throw new Error(`webhook delivery ${deliveryId}: ${error}`);
}

async function markFailed(
  deps: Pick<WebhookDependencies, "db" | "clock">,
  deliveryId: string,
): Promise<void> {
  await deps.db
    .update(webhookDeliveries)
    .set({ status: "failed", updatedAt: deps.clock() })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, "pending")));
}

/** A delivery pg-boss gave up on without its run reporting (its process died each time). */
export async function giveUpWebhook(
  deps: Pick<WebhookDependencies, "db" | "clock">,
  payload: DeliverWebhookPayload,
): Promise<void> {
  await markFailed(deps, payload.deliveryId);
}
