import { IDLE_TIMEOUT_MS } from "../../src/shared/constants";
import type { SignedInState } from "../../src/shared/first-screens";
import type { Statement, StatementRunner } from "../db/database";
import { hashSessionToken } from "./sessions";

// $1 the token's hash, $2 now, $3 the last activity an active session may have (now − idle
// timeout). The session is valid on the same terms as findActiveSession's (not past its absolute
// expiry, not idle too long, its user there); the profile's figures the page needs come with it:
// the logins (spec §3 num_logins), the distinct web statuses (all three: submitted, as the client
// derives it, spec §4) or the submit's mark, and the last page.
const SIGNED_IN_STATE: Statement = {
  name: "first_screen_signed_in_state",
  text: `
select
  (select count(*) from login_events where login_events.user_id = sessions.user_id) as logins,
  (select count(distinct web_status) from web_status_entries
   where web_status_entries.user_id = sessions.user_id) as statuses,
  applications.submitted_at is not null as submitted,
  applications.last_page
from sessions
join users on users.id = sessions.user_id
left join applications on applications.user_id = sessions.user_id
where sessions.id_hash = $1::text and sessions.expires_at > $2::timestamptz
  and sessions.last_seen_at > $3::timestamptz
limit 1`,
};

/** Spec §3's web statuses: all of them recorded means submitted (client-snapshot.ts deriveWebStatus). */
const WEB_STATUS_COUNT = 3;

/**
 * What the page fallback needs to choose a signed-in applicant's first screen (decision 0018), in
 * one prepared statement; null when the token is no active session. A read only: unlike the API's
 * session check it neither records the activity nor ends an idle session, so serving a page never
 * extends or changes a session (the app's first API call does that, as it always has).
 */
export async function readSignedInState(
  statements: StatementRunner,
  token: string,
  now: Date,
): Promise<SignedInState | null> {
  const [row] = await statements.run<{
    logins: unknown;
    statuses: unknown;
    submitted: boolean | null;
    last_page: string | null;
  }>(SIGNED_IN_STATE, [hashSessionToken(token), now, new Date(now.getTime() - IDLE_TIMEOUT_MS)]);
  if (!row) return null;
  return {
    // countLogins (client-snapshot.ts): the count, or 1 when there are none.
    num_logins: Number(row.logins) || 1,
    submitted: row.submitted === true || Number(row.statuses) >= WEB_STATUS_COUNT,
    last_page: row.last_page,
  };
}
