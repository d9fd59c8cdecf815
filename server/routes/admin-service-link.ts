import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../http-error";
import { mintStaffLink, normaliseEmail, unknownAccountMessage } from "../services/staff-links";
import { requireAdminSecret } from "./admin-secret";

export const ADMIN_SERVICE_LINK_PATH = "/admin/service-link";

/**
 * `POST /admin/service-link { email }` → `{ url, expires_at }`: how `npm run service:link` mints a
 * staff link while this server holds DATA_DIR's embedded database (decision 0013). Registered only
 * then, behind the admin secret of the lock file; the link is built on this server's PUBLIC_URL.
 * An unknown address is 404 with the command's own line.
 */
export const adminServiceLinkRoutes: FastifyPluginAsyncZod<{
  secret: string;
  publicUrl: string;
  tokenMinutes: number;
}> = async (app, { secret, publicUrl, tokenMinutes }) => {
  requireAdminSecret(app, secret);
  app.post(
    ADMIN_SERVICE_LINK_PATH,
    {
      schema: {
        body: z.object({
          email: z.string({ error: "Send the applicant's e-mail address as email." }).max(320),
        }),
      },
    },
    async (request) => {
      const email = normaliseEmail(request.body.email);
      const link = await mintStaffLink(app.db, { email, publicUrl, minutes: tokenMinutes, now: app.clock() });
      if (!link) throw new HttpError(404, unknownAccountMessage(email));
      // The link is a credential: never in the logs (the address alone is).
      request.log.info({ minutes: tokenMinutes }, "staff service link minted");
      return { url: link.url, expires_at: link.expiresAt.toISOString() };
    },
  );
};
