import type { FormPagePath } from "../../src/shared/routes";
import type { Database, Statement, StatementRunner } from "../db/database";
import { applications } from "../db/schema";
import { hashSessionToken, sessionCheckParameters } from "./sessions";

// $1 the session token's hash, $2 now, $3 the idle timeout (ms), $4 the touch interval (ms), $5
// the app's clock (ms) for server_time.
const READ_PROFILE: Statement = {
  name: "profile_read",
  text: "select profile_read($1::text, $2::timestamptz, $3::bigint, $4::bigint, $5::bigint) as body",
};

/**
 * Spec §7 GET /api/profile for the session `sessionToken` names, as JSON text ready to send (the
 * shape of `Profile` in src/shared/api-types.ts), or null when the session is not active. One
 * statement, one round trip: `profile_read` (migration 0016) checks the session with
 * `session_check`, the API's session rules, then reads the answers, documents, last page, logins,
 * web statuses, add-another counts and tabs, and builds the JSON in the database (issue 33: eight
 * round trips and the query builder were most of this route's time).
 */
export async function readProfile(
  statements: StatementRunner,
  sessionToken: string,
  clock: () => Date,
): Promise<string | null> {
  const now = clock();
  const [row] = await statements.run<{ body: string | null }>(READ_PROFILE, [
    hashSessionToken(sessionToken),
    ...sessionCheckParameters(now),
    now.getTime(),
  ]);
  if (!row) throw new Error("the profile statement returned no row");
  return row.body;
}

export async function saveLastPage(
  db: Database,
  userId: string,
  lastPage: FormPagePath,
  now: Date,
): Promise<void> {
  await db
    .insert(applications)
    .values({ userId, lastPage, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: applications.userId, set: { lastPage, updatedAt: now } });
}
