import type { FastifyError } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { FormPage } from "../../src/form/catalogue-types";
import { AUTH_MESSAGES, isValidEmail, normalizeEmail } from "../../src/shared/auth-rules";
import {
  DRAFT_LINK_MAX_BODY_BYTES,
  DRAFT_LINK_MESSAGES,
  DRAFT_LINK_PARAM,
  type DraftLinkCopy,
} from "../../src/shared/draft-links";
import { HttpError } from "../http-error";
import {
  emailDraftLink,
  forgetDraftLink,
  issueDraftLink,
  parseDraftLinkRequest,
  readDraftLink,
} from "../services/draft-links";
import { languageField } from "./auth-schemas";

// "Continue on another device" (issue 16, decision 0012). Anonymous calls: the CSRF header is
// required on the writes, as on every /public write (plugins/security.ts).

const tokenBody = z.object({ token: z.string().max(200) });
/** `language`: the asking page's, which the mail is written in (issue 35; English without one). */
const mailBody = z.object({
  token: z.string().max(200),
  email: z.string().max(1000),
  language: languageField.optional(),
});

/** A body over the limit is refused with our wording rather than Fastify's. */
function tooLargeAsOurs(error: FastifyError): never {
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") throw new HttpError(413, DRAFT_LINK_MESSAGES.tooLarge);
  throw error;
}

export const draftLinkRoutes: FastifyPluginAsyncZod<{
  publicUrl: string;
  pages: readonly FormPage[];
}> = async (app, options) => {
  const context = (ip: string) => ({ db: app.db, now: app.clock(), ip, publicUrl: options.publicUrl });

  // The body is checked by parseDraftLinkRequest (the answers as PUT /api/answer checks them), so
  // each error names the offending keys.
  app.post(
    "/public/tmp",
    { bodyLimit: DRAFT_LINK_MAX_BODY_BYTES, errorHandler: tooLargeAsOurs },
    async (request, reply) => {
      const draft = parseDraftLinkRequest(request.body, app.clock(), options.pages);
      return reply.status(201).send(await issueDraftLink(context(request.ip), draft));
    },
  );

  // Spec §7: the loader's temporary answer. Every kind of bad token gets the same 404.
  app.get("/public/tmp", async (request, reply) => {
    const now = app.clock();
    const token = (request.query as Record<string, unknown>)[DRAFT_LINK_PARAM];
    const copy = await readDraftLink(app.db, token, now);
    if (!copy) throw new HttpError(404, DRAFT_LINK_MESSAGES.invalid);
    const body: DraftLinkCopy = {
      answer: copy.answers,
      edited_at: copy.editedAt,
      expires_at: copy.expiresAt.toISOString(),
      server_time: now.getTime(),
    };
    return reply.header("Cache-Control", "no-store").send(body);
  });

  app.delete("/public/tmp", { schema: { body: tokenBody } }, async (request) => {
    await forgetDraftLink(app.db, request.body.token);
    return { message: DRAFT_LINK_MESSAGES.forgotten };
  });

  app.post("/public/tmp/email", { schema: { body: mailBody } }, async (request, reply) => {
    if (!isValidEmail(request.body.email)) throw new HttpError(400, AUTH_MESSAGES.emailInvalid);
    const message = await emailDraftLink(
      { ...context(request.ip), mailer: app.mailer },
      {
        token: request.body.token,
        address: normalizeEmail(request.body.email),
        language: request.body.language ?? "en",
      },
    );
    return reply.status(202).send({ message });
  });
};
