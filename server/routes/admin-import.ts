import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../http-error";
import { ImportFileError, importSchools } from "../lookup/import-schools";
import { SCHOOL_CATEGORIES } from "../lookup/school-provider";
import { requireAdminSecret } from "./admin-secret";

export { ADMIN_UNAUTHORIZED_MESSAGE } from "./admin-secret";

export const ADMIN_IMPORT_PATH = "/admin/lookup-import";
/** Far above the 4,894 colleges (211 kB); the default body limit (1 MiB) is for answers. */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;

/**
 * `POST /admin/lookup-import?category=…[&replace=true]` with a CSV body (decision 0006): how `npm run
 * lookup:import` reaches a server that holds the embedded database, which no other process may
 * open. Registered only for PGlite in a DATA_DIR (on PostgreSQL the command imports directly). The
 * secret is random per server start and written only to DATA_DIR's lock file, which only its
 * owner can read; it is checked before the body is read.
 */
export const adminImportRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, { secret }) => {
  requireAdminSecret(app, secret);
  app.addContentTypeParser(
    "text/csv",
    { parseAs: "string", bodyLimit: MAX_IMPORT_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    ADMIN_IMPORT_PATH,
    {
      bodyLimit: MAX_IMPORT_BYTES,
      schema: {
        querystring: z.object({
          category: z.enum(SCHOOL_CATEGORIES),
          /** `npm run lookup:import -- --replace`: the file's schools become the category's whole list. */
          replace: z.enum(["true", "false"]).default("false"),
        }),
        body: z.string({ error: "Send the CSV file as the body, with Content-Type: text/csv." }),
      },
    },
    async (request) => {
      try {
        const { category, replace } = request.query;
        const result = await importSchools(app.db, category, request.body, { replace: replace === "true" });
        request.log.info(
          { category, imported: result.imported, removed: result.removed },
          "schools imported",
        );
        return result;
      } catch (error) {
        if (error instanceof ImportFileError) throw new HttpError(400, error.message);
        throw error;
      }
    },
  );
};
