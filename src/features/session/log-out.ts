import { showErrorDialog } from "../../components/error-dialog";
import { showErrorToast } from "../../components/toasts";
import { ApiError, apiRequest } from "../../lib/api-client";
import { loadSyncSession } from "../answers/answer-session";
import { DEVICE_OWNER } from "../answers/owners";
import { forgetOfflineCopies } from "../application-pdf/offline-copy";
import { forgetServerDocuments } from "../documents/document-cache";
import { forgetRecorded } from "../documents/upload-queue";
import { forgetSignedInUser } from "../profile/base-profile-loader";

// A server that does not answer must not keep the user signed in on this screen.
const REQUEST_TIMEOUT_MS = 10_000;
/** How long sign-out waits for waiting changes to reach the server first. */
const FLUSH_TIMEOUT_MS = 5_000;

/**
 * Changes this device has not yet sent for the signed-in user (0 when anonymous): answers and
 * other changes, and files waiting to be uploaded (decision 0014).
 */
export async function unsentChanges(): Promise<number> {
  const { syncClient, unsentFor } = await loadSyncSession();
  await withTimeout(syncClient.flush(), FLUSH_TIMEOUT_MS);
  return syncClient.owner === DEVICE_OWNER ? 0 : unsentFor(syncClient.owner);
}

/** Whether the server ended the session too (a refused session counts: it had already ended). */
export type LogOutOutcome = { serverSessionEnded: boolean };

/** Spec §8 "Logout failure": what the applicant is told when the server could not be reached. */
export const LOGOUT_ERROR_LABEL = "Signed out on this device only";
export const LOGOUT_ERROR_MESSAGE =
  "We couldn't reach the server to end your session. You are signed out on this device, and the session ends by itself after 15 minutes without use. On a shared computer, close the browser to be safe.";

/**
 * Ends the session: sends what is waiting if it can, tells the server, and makes the device
 * owner's answers current. The user's copy is removed from the device once it has all reached the
 * server; unsent changes stay, under the username, for their next sign-in here. The device signs
 * out whatever the server says (spec §8: the cache is cleared); whether the server ended the
 * session too is returned, so a caller can report a failure.
 */
export function logOut(): Promise<LogOutOutcome> {
  // Callers race (the account menu, the inactivity timer, a 401 seen by the sync worker): they
  // share one sign-out instead of calling the server and resetting the store twice.
  running ??= signOutOnce().finally(() => {
    running = undefined;
  });
  return running;
}

let running: Promise<LogOutOutcome> | undefined;

async function signOutOnce(): Promise<LogOutOutcome> {
  const { syncClient, localDb } = await loadSyncSession();
  await withTimeout(syncClient.flush(), FLUSH_TIMEOUT_MS);
  let serverSessionEnded = true;
  try {
    await apiRequest("GET", "/api/logout", { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (error) {
    // 401: the server had already ended it. Anything else (offline, a failure, no answer in time):
    // it is still open there until its idle timeout.
    serverSessionEnded = error instanceof ApiError && error.kind === "unauthorized";
  }
  await forgetSignedInUser();
  const owner = syncClient.owner;
  await syncClient.signOut();
  // The names of the user's documents leave the device; files still waiting stay for their next
  // sign-in here, like unsent answers.
  if (owner !== DEVICE_OWNER) {
    await forgetServerDocuments(localDb(), owner).catch(() => {});
    await forgetRecorded(localDb(), owner).catch(() => {});
  }
  // The downloaded application PDF and /completion's receipt are the user's data too (the device
  // keeps neither past a sign-out).
  await forgetOfflineCopies();
  return { serverSessionEnded };
}

/**
 * Spec §8 "Logout failure": a server that could not end the session is reported, never passed over
 * in silence: to the handler of a sign-out the applicant asked for (an error toast on the sign-in
 * screen it leads to), else (the inactivity timeout) to the error boundary's dialog.
 */
export function reportLogOutFailure(outcome: LogOutOutcome, to: "handler" | "dialog" = "handler"): void {
  if (outcome.serverSessionEnded) return;
  if (to === "handler") showErrorToast(LOGOUT_ERROR_LABEL, LOGOUT_ERROR_MESSAGE, { screen: "/login" });
  else showErrorDialog({ message: LOGOUT_ERROR_MESSAGE });
}

async function withTimeout(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
