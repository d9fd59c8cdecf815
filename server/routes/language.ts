import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAuth } from "../require-auth";
import { setAccountLanguage } from "../services/account-language";
import { languageField } from "./auth-schemas";

export const LANGUAGE_SAVED_MESSAGE = "Your language has been saved.";

/**
 * The language the applicant switched to while signed in, kept with the account (issue 35): the
 * account's mails are written in it, and another device signing in shows it. Setting it twice is
 * harmless, so it needs no idempotency key.
 */
export const languageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post("/api/language", { schema: { body: z.object({ language: languageField }) } }, async (request) => {
    const { userId } = requireAuth(request);
    await setAccountLanguage(app.db, userId, request.body.language);
    return { message: LANGUAGE_SAVED_MESSAGE };
  });
};
