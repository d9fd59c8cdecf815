import { z } from "zod";
import { WEB_STATUSES } from "../../services/web-status";

// The integration API's contract (issue 32, decision 0022): the paths and JSON an outside system
// (the office's CRM) relies on. The routes validate and serialise with these schemas, and the
// OpenAPI document is generated from them, so the two cannot drift apart.

export const INTEGRATION_PREFIX = "/integration/v1";
export const OPENAPI_PATH = `${INTEGRATION_PREFIX}/openapi.json`;
export const APPLICATIONS_PATH = `${INTEGRATION_PREFIX}/applications`;
export const APPLICATION_PATH = `${APPLICATIONS_PATH}/:id`;
export const APPLICATION_PDF_PATH = `${APPLICATION_PATH}/pdf`;
export const SERVICE_LINK_PATH = `${APPLICATION_PATH}/service-link`;

export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 100;

export const message = z
  .object({ message: z.string().describe("What went wrong, in words.") })
  .describe("Every refusal and failure.");

const webStatus = z
  .enum(WEB_STATUSES)
  .nullable()
  .describe("The furthest web status reached: started, validating, submitted; null before any.");

const timestamp = z.iso.datetime().describe("ISO 8601 time in UTC, with milliseconds.");

export const listQuery = z.object({
  status: z.enum(WEB_STATUSES).optional().describe("Only applications with this web status."),
  since: z.iso
    .datetime({ offset: true })
    .optional()
    .describe("Only applications changed at or after this time (ISO 8601)."),
  cursor: z
    .string()
    .max(200)
    .optional()
    .describe("The next_cursor of the previous page; send the same status and since with it."),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(DEFAULT_PAGE_SIZE)
    .describe(`Applications per page, 1 to ${MAX_PAGE_SIZE}.`),
});

export const listResponse = z.object({
  applications: z.array(
    z.object({
      id: z.uuid().describe("The application's id (its applicant's account)."),
      username: z.string().describe("The applicant's e-mail address."),
      web_status: webStatus,
      submitted_at: timestamp.nullable(),
      updated_at: timestamp.describe(
        "When anything of the application last changed: answers, statuses, documents.",
      ),
    }),
  ),
  next_cursor: z.string().nullable().describe("Pass as cursor for the next page; null on the last page."),
});

export const idParams = z.object({
  id: z.string().max(100).describe("An application id from the list."),
});

export const conversionStatus = z
  .enum(["UNPROCESSED", "IN_PROGRESS", "COMPLETED", "FAILED"])
  .describe("The document's conversion to PDF.");

export const applicationResponse = z.object({
  id: z.uuid(),
  username: z.string(),
  web_status: webStatus,
  submitted_at: timestamp.nullable(),
  answers: z
    .record(z.string(), z.string())
    .describe("Question key → answer; coded answers have a {key}_desc with the option's label."),
  add_another: z.record(z.string(), z.number()).describe("Repeated sections: button id → blocks shown."),
  tabs: z.record(z.string(), z.string()).describe("Tabbed sections: tab id → the tab chosen."),
  documents: z.array(
    z.object({
      key: z.string().describe("The file question's key."),
      file_name: z.string(),
      file_size: z.number().int().describe("Bytes."),
      status: conversionStatus,
    }),
  ),
});

export const pdfPending = z.object({
  message: z.string(),
  status: z.enum(["UNPROCESSED", "IN_PROGRESS"]),
});

export const serviceLinkResponse = z.object({
  url: z
    .url()
    .describe("Opens the read-only rendering of the application, without signing in, for a few minutes."),
});
