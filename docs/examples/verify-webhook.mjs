// Verifying our webhook's signature in a receiver (Node.js 20+, no dependencies): the README's
// "Integrating with your CRM" snippet. The server's tests run this very file against real
// deliveries, so it stays right.
import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * True when `header` (the request's Webhook-Signature) signs `rawBody` (the request's body exactly
 * as received, before any JSON parsing) with `secret` (WEBHOOK_SECRET), at most `toleranceSeconds`
 * from now: a replayed old delivery is refused.
 */
export function verifyWebhook(secret, header, rawBody, { toleranceSeconds = 300, now = Date.now() } = {}) {
  const parts = Object.fromEntries(
    String(header ?? "")
      .split(",")
      .map((part) => part.split("=", 2)),
  );
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? "")) return false;
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1, "hex"));
}
