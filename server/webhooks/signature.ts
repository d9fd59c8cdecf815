import { createHmac } from "node:crypto";

// The webhook's signature (decision 0022), as Stripe signs its events: HMAC-SHA256 with
// WEBHOOK_SECRET over `${timestamp}.${body}`, sent as `Webhook-Signature: t=<unix seconds>,v1=<hex>`.
// The timestamp is signed too, so a receiver can refuse an old delivery replayed
// (docs/examples/verify-webhook.mjs).

export const SIGNATURE_HEADER = "Webhook-Signature";

/** The Webhook-Signature header for `body` sent at `unixSeconds`. */
export function webhookSignature(secret: string, body: string, unixSeconds: number): string {
  const digest = createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex");
  return `t=${unixSeconds},v1=${digest}`;
}
