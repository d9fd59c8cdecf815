// Types of verify-webhook.mjs, for the server's tests that run it.
export function verifyWebhook(
  secret: string,
  header: string | undefined,
  rawBody: string,
  options?: { toleranceSeconds?: number; now?: number },
): boolean;
