import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../http-error";
import {
  API_KEY_NAME,
  API_KEY_NAME_RULE,
  ApiKeyNameTaken,
  createApiKey,
  revokeApiKey,
} from "../services/api-keys";
import { requireAdminSecret } from "./admin-secret";

export const ADMIN_API_KEYS_PATH = "/admin/api-keys";
export const ADMIN_API_KEYS_REVOKE_PATH = "/admin/api-keys/revoke";

export function noKeyNamedMessage(name: string): string {
  return `No key named ${name} is in use.`;
}

const nameBody = z.object({
  name: z.string({ error: "Send the key's name as name." }).regex(API_KEY_NAME, API_KEY_NAME_RULE),
});

/**
 * `POST /admin/api-keys { name }` → `{ key }` and `POST /admin/api-keys/revoke { name }`: how `npm
 * run api-key:create` and `api-key:revoke` work while this server holds DATA_DIR's embedded
 * database (decision 0022). Registered only then, behind the lock file's admin secret. The key is
 * in the answer only: never logged.
 */
export const adminApiKeyRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, { secret }) => {
  requireAdminSecret(app, secret);
  app.post(ADMIN_API_KEYS_PATH, { schema: { body: nameBody } }, async (request, reply) => {
    try {
      const { key } = await createApiKey(app.db, request.body.name, app.clock());
      request.log.info({ name: request.body.name }, "API key created");
      return reply.status(201).send({ key });
    } catch (error) {
      if (error instanceof ApiKeyNameTaken) throw new HttpError(409, error.message);
      throw error;
    }
  });
  app.post(ADMIN_API_KEYS_REVOKE_PATH, { schema: { body: nameBody } }, async (request) => {
    if (!(await revokeApiKey(app.db, request.body.name, app.clock()))) {
      throw new HttpError(404, noKeyNamedMessage(request.body.name));
    }
    request.log.info({ name: request.body.name }, "API key revoked");
    return { message: `The key named ${request.body.name} is revoked.` };
  });
};
