import { STAFF_PATHS } from "../../src/shared/staff";
import type { Database } from "../db/database";
import { staffInviteMail } from "../mail/staff-mail";
import { publicLink } from "../mail/templates";
import type { Mailer } from "../mail/types";
import { INVITE_LIFETIME_MS, inviteStaff } from "./staff-accounts";

// `npm run staff:invite` (decision 0022): the invitation and its mail, made on the database
// directly or by the server that holds DATA_DIR's embedded one (POST /admin/staff-invite).

/** Invites `email` (normalised) and mails the link, on PUBLIC_URL; resolves once the mail is sent. */
export async function sendStaffInvitation(
  db: Database,
  mailer: Pick<Mailer, "send">,
  { email, publicUrl, now }: { email: string; publicUrl: string; now: Date },
): Promise<void> {
  const { token } = await inviteStaff(db, email, now);
  const link = publicLink(publicUrl, STAFF_PATHS.setPassword, { token });
  await mailer.send({ to: email, ...staffInviteMail(email, link, INVITE_LIFETIME_MS / 3_600_000) });
}
