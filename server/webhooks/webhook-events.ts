import type { Database } from "../db/database";
import { webhookDeliveries } from "../db/schema";
import { DELIVER_WEBHOOK, type JobQueue } from "../jobs/job-queue";

// Webhook events (issue 32, decision 0022): written with the change they announce, in its
// transaction, and delivered by the `deliver-webhook` job (deliver-webhook.ts), at least once.

export const APPLICATION_SUBMITTED = "application.submitted";

/** The body sent, exactly: `{ "type": "application.submitted", "id", "submitted_at" }`. */
export function submittedEventBody(applicationId: string, submittedAt: string): string {
  return JSON.stringify({ type: APPLICATION_SUBMITTED, id: applicationId, submitted_at: submittedAt });
}

/** What submitting does for the webhook: an event and its delivery job, in the submit's transaction. */
export type SubmissionHook = (
  tx: Database,
  submitted: { userId: string; submittedAt: string },
) => Promise<void>;

/**
 * The submit's hook when a webhook is configured: `start()` the queue before the submit's
 * transaction (on PGlite a transaction holds the only connection), run the hook inside it, and
 * `wake()` after the commit.
 */
export function webhookOnSubmission(queue: JobQueue): {
  start(): Promise<void>;
  hook: SubmissionHook;
  wake(): void;
} {
  return {
    start: () => queue.start(),
    async hook(tx, { userId, submittedAt }) {
      const [delivery] = await tx
        .insert(webhookDeliveries)
        .values({
          type: APPLICATION_SUBMITTED,
          applicationId: userId,
          body: submittedEventBody(userId, submittedAt),
          createdAt: new Date(submittedAt),
          updatedAt: new Date(submittedAt),
        })
        .returning({ id: webhookDeliveries.id });
      if (!delivery) throw new Error("webhook delivery insert returned nothing");
      await queue.sendWebhook(tx, { deliveryId: delivery.id });
    },
    wake: () => queue.wake(DELIVER_WEBHOOK),
  };
}
