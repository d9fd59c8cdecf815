import type { Viewer } from "../../form/engine/audience";
import type { Profile } from "../../shared/api-types";

export const WEB_STATUSES = ["started", "validating", "submitted"] as const;
export type WebStatus = (typeof WEB_STATUSES)[number];

/** The client snapshot of spec §3. */
export type ClientSnapshot = {
  web_status: WebStatus | null;
  last_page: string | null;
  is_logged_in: boolean;
  username: string | null;
  is_service_user: boolean;
  num_logins: number;
  has_changed_page: boolean;
};

/** Spec §4: the number of distinct known entries gives the status (0 none … 3 submitted). */
export function deriveWebStatus(entries: readonly { web_status: string }[]): WebStatus | null {
  const known = new Set(
    entries.map((e) => e.web_status).filter((s) => (WEB_STATUSES as readonly string[]).includes(s)),
  );
  return known.size === 0 ? null : (WEB_STATUSES[known.size - 1] ?? null);
}

/** Spec §3: the count of successful logins, or 1 when there are none. */
export function countLogins(successfulLogins: readonly unknown[]): number {
  return successfulLogins.length || 1;
}

export function anonymousSnapshot(): ClientSnapshot {
  return {
    web_status: null,
    last_page: null,
    is_logged_in: false,
    username: null,
    is_service_user: false,
    num_logins: 0,
    has_changed_page: false,
  };
}

/**
 * Spec §3 and §6: the snapshot of a service user (a `service_token` link): no account, not signed
 * in, reading one applicant's application read-only.
 */
export function serviceUserSnapshot(): ClientSnapshot {
  return { ...anonymousSnapshot(), is_service_user: true };
}

/** Who the catalogue's audiences are decided for (src/form/engine/audience.ts). */
export function viewerOf(snapshot: Pick<ClientSnapshot, "is_logged_in" | "is_service_user">): Viewer {
  return { signedIn: snapshot.is_logged_in, serviceUser: snapshot.is_service_user };
}

export function snapshotFromProfile(
  profile: Pick<Profile, "username" | "last_page" | "successful_login" | "web_status">,
): ClientSnapshot {
  return {
    web_status: deriveWebStatus(profile.web_status),
    last_page: profile.last_page,
    is_logged_in: true,
    username: profile.username,
    is_service_user: false,
    num_logins: countLogins(profile.successful_login),
    has_changed_page: false,
  };
}
