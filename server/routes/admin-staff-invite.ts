import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { isValidEmail, normalizeEmail } from "../../src/shared/auth-rules";
import { sendStaffInvitation } from "../services/staff-invitations";
import { requireAdminSecret } from "./admin-secret";

export const ADMIN_STAFF_INVITE_PATH = "/admin/staff-invite";
export const STAFF_EMAIL_RULE =
  "Give the staff member's e-mail address, e.g. --email admissions@example.edu.";

/**
 * `POST /admin/staff-invite { email }`: how `npm run staff:invite` invites while this server holds
 * DATA_DIR's embedded database (decision 0022). Registered only then, behind the lock file's
 * admin secret; the mail goes out through this server's mailer, the link built on its PUBLIC_URL.
 */
export const adminStaffInviteRoutes: FastifyPluginAsyncZod<{ secret: string; publicUrl: string }> = async (
  app,
  { secret, publicUrl },
) => {
  requireAdminSecret(app, secret);
  app.post(
    ADMIN_STAFF_INVITE_PATH,
    {
      schema: {
        body: z.object({
          email: z
            .string({ error: STAFF_EMAIL_RULE })
            .refine(isValidEmail, STAFF_EMAIL_RULE)
            .transform(normalizeEmail),
        }),
      },
    },
    async (request) => {
      await sendStaffInvitation(app.db, app.mailer, {
        email: request.body.email,
        publicUrl,
        now: app.clock(),
      });
      request.log.info("staff invitation sent");
      return { message: `Invitation sent to ${request.body.email}.` };
    },
  );
};
