import { apiRequest } from "../../lib/api-client";
import { openAnswerSession } from "../answers/answer-session";
import { DEVICE_OWNER } from "../answers/local-db";
import { forgetSignedInUser } from "../profile/base-profile-loader";

// A server that does not answer must not keep the user signed in on this screen.
const LOGOUT_REQUEST_TIMEOUT_MS = 10_000;

/**
 * Ends the session: tells the server (a failure, e.g. offline, is ignored: the server session ends at
 * its idle timeout) and makes the device owner's answers current. The signed-in user's answers stay
 * in the local store, keyed by username, for their next sign-in.
 */
export async function logOut(): Promise<void> {
  try {
    await apiRequest("GET", "/api/logout", { signal: AbortSignal.timeout(LOGOUT_REQUEST_TIMEOUT_MS) });
  } catch {
    // Signed out locally either way.
  } finally {
    await forgetSignedInUser();
    await openAnswerSession(DEVICE_OWNER, null);
  }
}
