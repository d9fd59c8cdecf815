import { WEB_STATUSES, type WebStatus } from "../profile/client-snapshot";

/** Spec §4: none 0, started 1, validating 2, submitted 3. */
export function webStatusRank(status: WebStatus | null): number {
  return status === null ? 0 : WEB_STATUSES.indexOf(status) + 1;
}

/**
 * The statuses to record when moving from `from` to `to`, in order. The server derives the status
 * from the number of distinct entries it holds, so skipping one (e.g. going from none straight to
 * validating) would be read back as a lower status.
 */
export function statusesBetween(from: WebStatus | null, to: WebStatus): WebStatus[] {
  return WEB_STATUSES.slice(webStatusRank(from), webStatusRank(to));
}
