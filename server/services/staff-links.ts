import type { Database } from "../db/database";
import { findUser } from "./accounts";
import { mintServiceToken, serviceViewUrl } from "./service-tokens";

// Read-only links to an applicant's application for staff who review it (decision 0011), as
// `npm run service:link` prints them: minted directly on the database, or by the running server
// that holds the embedded one (POST /admin/service-link).

export type StaffLink = { url: string; expiresAt: Date };

/** Accounts are stored trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function unknownAccountMessage(email: string): string {
  return `No account uses the e-mail address ${email}.`;
}

/** A `staff` service link to the application of the account `email`, or null when there is none. */
export async function mintStaffLink(
  db: Database,
  { email, publicUrl, minutes, now }: { email: string; publicUrl: string; minutes: number; now: Date },
): Promise<StaffLink | null> {
  const user = await findUser(db, normaliseEmail(email));
  if (!user) return null;
  const { token, expiresAt } = await mintServiceToken(db, {
    userId: user.id,
    purpose: "staff",
    now,
    lifetimeMs: minutes * 60_000,
  });
  return { url: serviceViewUrl(publicUrl, token), expiresAt };
}
