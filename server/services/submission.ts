import { eq } from "drizzle-orm";
import type { FormPage } from "../../src/form/catalogue-types";
import type { SubmitOutcome } from "../../src/shared/api-types";
import { COMPLETION_MESSAGE, MISSING_INFORMATION_MESSAGE } from "../../src/shared/messages";
import type { Database } from "../db/database";
import { applications } from "../db/schema";
import { HttpError } from "../http-error";
import type { SubmissionHook } from "../webhooks/webhook-events";
import { validateStoredApplication } from "./application-validation";
import { lockApplication } from "./applications";
import { addMissingWebStatuses, WEB_STATUSES } from "./web-status";

export const ALREADY_SUBMITTED_MESSAGE = "Your application has already been submitted.";

/**
 * POST /api/submit inside the request's transaction (decision 0005): under the application row
 * lock, an application already submitted answers its submission time again; otherwise the stored
 * answers, add-another counts and tab choices are validated with the shared engine. Errors refuse
 * the submit with 422 `{ message, errors }` and roll back (nothing is recorded, so a retry
 * validates again). Without errors the application is stamped submitted and has every web status,
 * and `onSubmitted` runs in the same transaction (so its event exists exactly when the submission does).
 */
export async function submitApplication(
  tx: Database,
  userId: string,
  pages: readonly FormPage[],
  clock: () => Date,
  /** Runs in the transaction once the application is submitted (the webhook's event, decision 0022). */
  onSubmitted?: SubmissionHook,
): Promise<SubmitOutcome> {
  const { submittedAt } = await lockApplication(tx, userId, clock());
  if (submittedAt !== null) {
    return { message: ALREADY_SUBMITTED_MESSAGE, submitted_at: submittedAt.toISOString() };
  }
  // Read after the lock: every save applied before this point is validated, none after it.
  const now = clock();
  const errors = await validateStoredApplication(tx, userId, now, pages);
  if (Object.keys(errors).length > 0) {
    throw new HttpError(422, MISSING_INFORMATION_MESSAGE, { body: { errors } });
  }
  await tx
    .update(applications)
    .set({ submittedAt: now, updatedAt: now })
    .where(eq(applications.userId, userId));
  await addMissingWebStatuses(tx, userId, WEB_STATUSES, now);
  await onSubmitted?.(tx, { userId, submittedAt: now.toISOString() });
  return { message: COMPLETION_MESSAGE, submitted_at: now.toISOString() };
}
