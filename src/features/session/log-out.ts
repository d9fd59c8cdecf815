import { apiRequest } from "../../lib/api-client";
import { syncClient } from "../answers/answer-session";
import { DEVICE_OWNER, localDb } from "../answers/local-db";
import { forgetOfflineCopies } from "../application-pdf/offline-copy";
import { forgetServerDocuments } from "../documents/document-cache";
import { waitingUploadCount } from "../documents/upload-queue";
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
  await withTimeout(syncClient.flush(), FLUSH_TIMEOUT_MS);
  const owner = syncClient.owner;
  return (
    (await syncClient.pending()) + (owner === DEVICE_OWNER ? 0 : await waitingUploadCount(localDb(), owner))
  );
}

/**
 * Ends the session: sends what is waiting if it can, tells the server (a failure, e.g. offline, is
 * ignored: the server session ends at its idle timeout), and makes the device owner's answers
 * current. The user's copy is removed from the device once it has all reached the server;
 * unsent changes stay, under the username, for their next sign-in here.
 */
export function logOut(): Promise<void> {
  // Callers race (the account menu, the inactivity timer, a 401 seen by the sync worker): they
  // share one sign-out instead of calling the server and resetting the store twice.
  running ??= signOutOnce().finally(() => {
    running = undefined;
  });
  return running;
}

let running: Promise<void> | undefined;

async function signOutOnce(): Promise<void> {
  await withTimeout(syncClient.flush(), FLUSH_TIMEOUT_MS);
  try {
    await apiRequest("GET", "/api/logout", { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch {
    // Signed out locally either way.
  }
  await forgetSignedInUser();
  const owner = syncClient.owner;
  await syncClient.signOut();
  // The names of the user's documents leave the device; files still waiting stay for their next
  // sign-in here, like unsent answers.
  if (owner !== DEVICE_OWNER) await forgetServerDocuments(localDb(), owner).catch(() => {});
  // The downloaded application PDF is the user's data too (Cache Storage keeps nothing past a sign-out).
  await forgetOfflineCopies();
}

async function withTimeout(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
