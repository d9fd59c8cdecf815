import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { FormPage } from "../../src/form/catalogue-types";
import { fileQuestionKeys } from "../../src/form/engine/file-questions";
import type { DocumentAnswers, MessageResponse } from "../../src/shared/api-types";
import { HttpError } from "../http-error";
import { requireAuth } from "../require-auth";
import type { DocumentViewLinks } from "../services/document-view-links";
import {
  acceptDocument,
  conversionState,
  type DocumentServices,
  issueUpload,
  loadDocumentAnswers,
  removeConversion,
  removeDocument,
} from "../services/documents";
import { countEvent, tooManyRequests } from "../services/throttle";

export type DocumentRouteOptions = {
  pages: readonly FormPage[];
  services: DocumentServices;
  links: DocumentViewLinks;
};

/** Signed uploads one applicant may ask for in a window: generous for a handful of documents and retries. */
const UPLOADS_PER_WINDOW = 30;
const UPLOAD_WINDOW_MS = 15 * 60 * 1000;
const TOO_MANY_UPLOADS_MESSAGE =
  "You have started many uploads in a short time. Please wait a few minutes and try again.";

const keyParams = z.object({ key: z.string() });

// Spec §7 document calls. Every write is behind the session and the CSRF check (plugins), takes
// the application lock and is refused once the application is submitted (409).
export const documentRoutes: FastifyPluginAsyncZod<DocumentRouteOptions> = async (app, options) => {
  const { services, links } = options;
  const fileKeys = fileQuestionKeys(options.pages);
  const fileQuestion = (key: string): string => {
    // The key is not repeated: no refusal echoes its input (issue 36).
    if (!fileKeys.has(key)) throw new HttpError(404, "There is no such file question in the application.");
    return key;
  };

  app.post(
    "/api/presigned-url",
    { schema: { body: z.object({ answer_key: z.string({ message: "answer_key must be text" }) }) } },
    async (request) => {
      const { userId } = requireAuth(request);
      const answerKey = request.body.answer_key;
      if (!fileKeys.has(answerKey)) {
        throw new HttpError(
          400,
          `answer_key must name a file question of the application: ${[...fileKeys].join(", ") || "it has none"}.`,
        );
      }
      const now = app.clock();
      const { count, windowEndsAt } = await countEvent(
        app.db,
        { scope: "upload-url", value: userId },
        now,
        UPLOAD_WINDOW_MS,
      );
      if (count > UPLOADS_PER_WINDOW)
        throw tooManyRequests(TOO_MANY_UPLOADS_MESSAGE, windowEndsAt.getTime() - now.getTime());
      return issueUpload(services, userId, answerKey);
    },
  );

  app.post(
    "/api/pdf/document-answer/:key",
    {
      schema: {
        params: keyParams,
        body: z.object({
          file_key: z.string({ message: "file_key must be text" }).max(300),
          file_name: z.string({ message: "file_name must be text" }).max(1000),
        }),
      },
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      const answerKey = fileQuestion(request.params.key);
      const { file_key: fileKey, file_name: fileName } = request.body;
      return reply.status(202).send(await acceptDocument(services, userId, { answerKey, fileKey, fileName }));
    },
  );

  app.get("/api/pdf/document-answer/:key", { schema: { params: keyParams } }, async (request, reply) => {
    const { userId } = requireAuth(request);
    const answerKey = fileQuestion(request.params.key);
    // Polled every 2 s, and the link in it expires: never from a cache.
    reply.header("Cache-Control", "no-store");
    return conversionState(services, links, userId, answerKey);
  });

  app.delete("/api/pdf/document-answer/:key", { schema: { params: keyParams } }, async (request) => {
    const { userId } = requireAuth(request);
    await removeConversion(services, userId, fileQuestion(request.params.key));
    const body: MessageResponse = { message: "The converted file has been deleted." };
    return body;
  });

  app.get("/api/document-answer", async (request, reply) => {
    const { userId } = requireAuth(request);
    reply.header("Cache-Control", "no-store");
    const body: DocumentAnswers = await loadDocumentAnswers(app.db, userId);
    return body;
  });

  app.delete("/api/document-answer/:key", { schema: { params: keyParams } }, async (request) => {
    const { userId } = requireAuth(request);
    await removeDocument(services, userId, fileQuestion(request.params.key));
    const body: MessageResponse = { message: "Your file has been deleted." };
    return body;
  });
};
