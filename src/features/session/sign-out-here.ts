import { loadPart } from "../../lib/load-part";
import { forgetSignedInUser } from "../profile/base-profile-loader";

// Signing out needs the sync engine (to send what is waiting first): its code loads when a session
// ends, or ahead (prepareSignOut) once someone is signed in, so that it works offline later.
const loadLogOut = () => loadPart(() => import("./log-out"));

/** Loads the sign-out code ahead of need. */
export function prepareSignOut(): void {
  loadLogOut().catch(() => {});
}

/**
 * Signs out (log-out.ts); if its code cannot be had, this device forgets the session all the same.
 * Never throws. Resolves with what reports a server that did not end the session (log-out.ts).
 */
export async function signOutHere(): Promise<(to: "handler" | "dialog") => void> {
  try {
    const { logOut, reportLogOutFailure } = await loadLogOut();
    const outcome = await logOut();
    return (to) => reportLogOutFailure(outcome, to);
  } catch {
    await forgetSignedInUser().catch(() => {});
    return () => {};
  }
}
