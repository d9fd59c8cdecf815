import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { partner } from "../../../src/config/partner";
import type { FormPage } from "../../../src/form/catalogue-types";
import { HttpError } from "../../http-error";
import { type ApiKeyHolder, findApiKey } from "../../services/api-keys";
import {
  applicationExists,
  BadCursor,
  isApplicationId,
  listApplications,
} from "../../services/application-list";
import { loadApplicationRecord } from "../../services/application-record";
import { recordAudit } from "../../services/audit-log";
import { mintServiceToken, serviceViewUrl } from "../../services/service-tokens";
import { countEvent, tooManyRequests } from "../../services/throttle";
import { type OfficePdfServices, replyWithApplicationPdf } from "../office-pdf";
import { openApiDocument, type RouteSpec } from "./openapi";
import {
  APPLICATION_PATH,
  APPLICATION_PDF_PATH,
  APPLICATIONS_PATH,
  applicationResponse,
  idParams,
  listQuery,
  listResponse,
  message,
  OPENAPI_PATH,
  pdfPending,
  SERVICE_LINK_PATH,
  serviceLinkResponse,
} from "./schemas";

// The integration API (issue 32, decision 0022): how the office's CRM reads applications. Every
// call but the OpenAPI document needs `Authorization: Bearer <key>` (never a cookie: an
// applicant's or a staff session opens nothing here, and a cross-site form cannot send the
// header, so the one POST needs no CSRF token); each is rate-limited per key and written to the
// audit log before it is answered.

export const INTEGRATION_UNAUTHORIZED_MESSAGE =
  "This call needs a valid API key: Authorization: Bearer <key> (npm run api-key:create).";
const UNKNOWN_APPLICATION_MESSAGE = "There is no application with this id.";
const TOO_MANY_CALLS_MESSAGE = "Too many calls with this API key. Wait Retry-After seconds and try again.";
/** Calls one key may make in a minute, by default. */
export const DEFAULT_CALLS_PER_MINUTE = 600;

declare module "fastify" {
  interface FastifyRequest {
    /** The API key of an integration call (set by the integration routes' hook). */
    apiKey: ApiKeyHolder | null;
  }
}

export type IntegrationOptions = {
  pdf: OfficePdfServices;
  pages: readonly FormPage[];
  publicUrl: string;
  tokenMinutes: number;
  callsPerMinute?: number;
};

const unknownApplication = () => new HttpError(404, UNKNOWN_APPLICATION_MESSAGE);
const refusals = {
  401: { description: "Missing, wrong or revoked API key.", schema: message },
  429: {
    description: "Too many calls with this key.",
    schema: message,
    headers: { "Retry-After": "Seconds." },
  },
};

export const INTEGRATION_ROUTES = {
  openapi: {
    method: "GET",
    path: OPENAPI_PATH,
    operationId: "getOpenApi",
    summary: "This document.",
    public: true,
    responses: { 200: { description: "The OpenAPI 3.1 document of this API." } },
  },
  list: {
    method: "GET",
    path: APPLICATIONS_PATH,
    operationId: "listApplications",
    summary: "Applications, oldest change first, a page at a time.",
    description:
      "Stable order (time of the last change, then id). Follow next_cursor until it is null; an application that changes meanwhile is listed again later, never skipped. To catch up, keep the updated_at of the last application read and pass it as since next time.",
    querystring: listQuery,
    responses: {
      200: { description: "A page of applications.", schema: listResponse },
      400: { description: "A bad parameter or cursor.", schema: message },
      ...refusals,
    },
  },
  application: {
    method: "GET",
    path: APPLICATION_PATH,
    operationId: "getApplication",
    summary: "One application: every answer, repeated sections, tabs and documents.",
    params: idParams,
    responses: {
      200: { description: "The application.", schema: applicationResponse },
      404: { description: "No application has this id.", schema: message },
      ...refusals,
    },
  },
  pdf: {
    method: "GET",
    path: APPLICATION_PDF_PATH,
    operationId: "getApplicationPdf",
    summary: "The application as a PDF, with its converted documents.",
    params: idParams,
    responses: {
      200: { description: "The PDF.", pdf: true },
      202: {
        description: "Being made: ask again after Retry-After seconds.",
        schema: pdfPending,
        headers: { "Retry-After": "Seconds." },
      },
      404: { description: "No application has this id.", schema: message },
      503: {
        description: "It could not be made just now: ask again after Retry-After seconds.",
        schema: message,
        headers: { "Retry-After": "Seconds." },
      },
      ...refusals,
    },
  },
  serviceLink: {
    method: "POST",
    path: SERVICE_LINK_PATH,
    operationId: "createServiceLink",
    summary: "A link that opens the application's read-only rendering, for a few minutes.",
    params: idParams,
    responses: {
      200: { description: "The link.", schema: serviceLinkResponse },
      404: { description: "No application has this id.", schema: message },
      ...refusals,
    },
  },
} satisfies Record<string, RouteSpec>;

/** `Authorization: Bearer <key>`: the key, or undefined. */
function bearerKey(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header === undefined ? null : /^Bearer +(\S+)\s*$/i.exec(header);
  return match?.[1];
}

export const integrationRoutes: FastifyPluginAsyncZod<IntegrationOptions> = async (app, options) => {
  const callsPerMinute = options.callsPerMinute ?? DEFAULT_CALLS_PER_MINUTE;
  const document = openApiDocument(Object.values(INTEGRATION_ROUTES), {
    title: `${partner.name} admissions: integration API`,
    version: "1",
    description:
      "Read-only access for the office's systems. Webhook: application.submitted, signed (Webhook-Signature: t=<unix>,v1=<hex HMAC-SHA256 of the timestamp, a dot and the body>); see the README.",
    serverUrl: options.publicUrl,
  });
  app.decorateRequest("apiKey", null);

  // Authenticated and counted before the body or the parameters are looked at.
  app.addHook("onRequest", async (request) => {
    if (request.routeOptions.url === OPENAPI_PATH) return;
    const holder = await findApiKey(app.db, bearerKey(request));
    if (!holder) {
      throw new HttpError(401, INTEGRATION_UNAUTHORIZED_MESSAGE, {
        headers: { "www-authenticate": 'Bearer realm="integration"' },
      });
    }
    const now = app.clock();
    const { count, windowEndsAt } = await countEvent(
      app.db,
      { scope: "api-key", value: holder.id },
      now,
      60_000,
    );
    if (count > callsPerMinute) {
      throw tooManyRequests(TOO_MANY_CALLS_MESSAGE, windowEndsAt.getTime() - now.getTime());
    }
    request.apiKey = holder;
  });

  // Recorded once the request is valid, before its answer: nothing is read unrecorded.
  app.addHook("preHandler", async (request) => {
    if (!request.apiKey) return;
    const id = (request.params as { id?: unknown } | undefined)?.id;
    await recordAudit(
      app.db,
      { apiKeyId: request.apiKey.id },
      [
        {
          action: `${request.method} ${request.routeOptions.url}`,
          applicationId: typeof id === "string" && isApplicationId(id) ? id : null,
        },
      ],
      app.clock(),
    );
  });

  const { openapi, list, application, pdf, serviceLink } = INTEGRATION_ROUTES;

  app.get(openapi.path, async () => document);

  app.get(
    list.path,
    { schema: { querystring: list.querystring, response: { 200: listResponse } } },
    async (request) => {
      const { status, since, cursor, limit } = request.query;
      try {
        const page = await listApplications(
          app.db,
          { status, since: since ? new Date(since) : undefined },
          { cursor, limit, order: "oldest-first" },
        );
        return {
          applications: page.applications.map(({ id, username, web_status, submitted_at, updated_at }) => ({
            id,
            username,
            web_status,
            submitted_at,
            updated_at,
          })),
          next_cursor: page.next_cursor,
        };
      } catch (error) {
        if (error instanceof BadCursor) throw new HttpError(400, error.message);
        throw error;
      }
    },
  );

  app.get(
    application.path,
    { schema: { params: idParams, response: { 200: applicationResponse } } },
    async (request) => {
      const record = await loadApplicationRecord(app.db, request.params.id, options.pages);
      if (!record) throw unknownApplication();
      const { summary, application: stored, documents } = record;
      return {
        id: summary.id,
        username: summary.username,
        web_status: summary.web_status,
        submitted_at: summary.submitted_at,
        answers: stored.answer,
        add_another: stored.add_another,
        tabs: stored.tabs,
        documents: documents.map(({ key, file_name, file_size, status }) => ({
          key,
          file_name,
          file_size,
          status,
        })),
      };
    },
  );

  app.get(pdf.path, { schema: { params: idParams } }, async (request, reply) => {
    await requireApplication(request.params.id);
    return replyWithApplicationPdf(reply, options.pdf, request.params.id);
  });

  app.post(
    serviceLink.path,
    { schema: { params: idParams, response: { 200: serviceLinkResponse } } },
    async (request) => {
      await requireApplication(request.params.id);
      const { token } = await mintServiceToken(app.db, {
        userId: request.params.id,
        purpose: "integration",
        now: app.clock(),
        lifetimeMs: options.tokenMinutes * 60_000,
      });
      return { url: serviceViewUrl(options.publicUrl, token) };
    },
  );

  async function requireApplication(id: string): Promise<void> {
    if (!(await applicationExists(app.db, id))) throw unknownApplication();
  }
};
