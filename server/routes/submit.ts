import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { FormPage } from "../../src/form/catalogue-types";
import { COMPLETION_MESSAGE } from "../../src/shared/messages";
import { submittedMail } from "../mail/templates";
import { requireAuth } from "../require-auth";
import { applicantMailbox } from "../services/account-language";
import {
  hashCall,
  parseOptionalIdempotencyKey,
  runMaybeIdempotent,
  sendOutcome,
} from "../services/idempotency";
import { submitApplication } from "../services/submission";
import type { webhookOnSubmission } from "../webhooks/webhook-events";

export type SubmitRouteOptions = {
  pages: readonly FormPage[];
  /** Base of the receipt mail's link (PUBLIC_URL). */
  publicUrl: string;
  /** The webhook's event on submission, when WEBHOOK_URL is set (decision 0022). */
  webhook?: ReturnType<typeof webhookOnSubmission>;
};

export const submitRoutes: FastifyPluginAsyncZod<SubmitRouteOptions> = async (
  app,
  { pages, publicUrl, webhook },
) => {
  // Spec §7: the call has no payload; our client still says JSON, and an empty JSON body reads as
  // no body (plugins/json-body.ts).
  app.post(
    "/api/submit",
    {
      schema: {
        body: z
          .strictObject({}, { message: "POST /api/submit takes no body (or an empty object)." })
          .nullish(),
      },
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      const key = parseOptionalIdempotencyKey(request.headers["idempotency-key"]);
      await webhook?.start();
      // A refusal (422) is thrown, so it rolls back and stores no outcome under the key: a retry
      // validates again. An accepted or repeated submit is stored and replayed.
      let submittedNow: Date | null = null;
      const result = await runMaybeIdempotent(
        app.db,
        { userId, key, requestHash: hashCall("POST /api/submit", {}) },
        async (tx) => {
          const body = await submitApplication(tx, userId, pages, app.clock, webhook?.hook);
          if (body.message === COMPLETION_MESSAGE) submittedNow = new Date(body.submitted_at);
          return { statusCode: 200, body };
        },
      );
      webhook?.wake();
      // The applicant's receipt, in their account's language (issue 35): once, by the call that
      // submitted (not a repeat, nor a replay), after the submission is committed.
      if (submittedNow) {
        const account = await applicantMailbox(app.db, userId);
        if (account) {
          const mail = submittedMail(account.username, submittedNow, publicUrl, account.language);
          app.mailer.dispatch({ to: account.username, ...mail });
        }
      }
      return sendOutcome(reply, result);
    },
  );
};
