import { eq } from "drizzle-orm";
import { isLanguage, type Language } from "../../src/i18n/language";
import type { Database } from "../db/database";
import { users } from "../db/schema";

// The language kept with an account (issue 35): set at sign-up and when the applicant switches
// while signed in; the account's mails are written in it.

/** The language an account's mails are written in: its own, else the asking page's, else English. */
export function mailLanguage(ctx: { language?: Language }, user?: { language: string | null }): Language {
  return isLanguage(user?.language) ? user.language : (ctx.language ?? "en");
}

/** The applicant's choice, kept with their account. */
export async function setAccountLanguage(db: Database, userId: string, language: Language): Promise<void> {
  await db.update(users).set({ language }).where(eq(users.id, userId));
}

/** Where an applicant's mails go, and in which language. */
export async function applicantMailbox(
  db: Database,
  userId: string,
): Promise<{ username: string; language: Language } | undefined> {
  const [row] = await db
    .select({ username: users.username, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  return row ? { username: row.username, language: mailLanguage({}, row) } : undefined;
}
