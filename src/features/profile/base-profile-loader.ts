import { del, get, set } from "idb-keyval";
import type { LoaderFunctionArgs } from "react-router-dom";
import { ApiError, apiRequest } from "../../lib/api-client";
import { classifyFailure } from "../../lib/failure";
import { loadPart } from "../../lib/load-part";
import { preloadWhenIdle } from "../../lib/preload-when-idle";
import { clearSessionHint, readSessionHint } from "../../lib/session-hint";
import type { Profile } from "../../shared/api-types";
import { DRAFT_LINK_PARAM } from "../../shared/draft-links";
import { answerStore, loadedSyncSession, loadSyncSession, startSyncEngine } from "../answers/answer-session";
import { readStoredAnswers } from "../answers/first-read";
import { DEVICE_OWNER } from "../answers/owners";
import { pendingWriteCount } from "../answers/pending-writes";
import { setRefusedAnswers } from "../answers/refused-answers";
import { updateSyncStatus } from "../answers/sync-status";
import { replaceServerDocuments } from "../documents/document-cache";
import { startNewDraft } from "../draft-links/draft-id";
import type { DraftLinkOutcome } from "../draft-links/open-draft-link";
import { adoptServerChoices } from "../form/ui-choices";
import { anonymousSnapshot, type ClientSnapshot, snapshotFromProfile } from "./client-snapshot";

/**
 * Why the signed-in applicant's profile did not load, so the device's copy is shown: the server
 * could not be reached (offline, or in trouble), or it answered with an error (spec §8: a failed
 * query). `deviceCopy`: false when this device holds no copy of that applicant's application.
 */
export type ProfileLoadProblem =
  | { kind: "unreachable"; offline: boolean; deviceCopy: boolean }
  /** The server answered with a problem, or something not our API answered (failure-policy.ts). */
  | { kind: "server-problem"; message: string; deviceCopy: boolean }
  | { kind: "failed"; message: string; deviceCopy: boolean };

/** What every form page starts from (spec §2: the root route loads the base profile). */
export type BaseProfile = {
  snapshot: ClientSnapshot;
  /** True when the server's profile could not be loaded and the device's copy is shown. */
  offline: boolean;
  /** Why, when it could not: the form says so (`useProfileLoadNotice`, profile-load-notice.ts). */
  loadProblem: ProfileLoadProblem | null;
  /**
   * The session ended without a sign-out on this device (the server refused it, or its hint was
   * gone at load): the shell sends the user to sign in, saying how many of their changes wait here.
   */
  unauthorized: EndedSession | null;
  /** Answers typed before signing in that were just added to the account. */
  mergedDrafts: number;
  /** The page was opened with a "Continue on another device" link (`?token=`, spec §2). */
  draftLink: DraftLinkOutcome | null;
};

/** Who the session belonged to, and how many of their changes this device keeps for them. */
export type EndedSession = { username: string | null; kept: number };

const LAST_USER_KEY = "last-username";
/**
 * localStorage: someone is signed in on this device and has not signed out here. A page that loads
 * with it but without the session's hint cookie knows the session ended elsewhere (expired, ended
 * by the server) while the page was away, e.g. across a reload; without it, a visitor. Read at
 * once, unlike the username (LAST_USER_KEY), so a visitor's first screen opens no other database.
 */
const SIGNED_IN_HERE_KEY = "signed-in-here";

/** After sign-out this device must not open the user's copy as if they were still signed in. */
export async function forgetSignedInUser(): Promise<void> {
  clearSessionHint();
  localStorage.removeItem(SIGNED_IN_HERE_KEY);
  await del(LAST_USER_KEY);
}

export async function loadBaseProfile({ request }: LoaderFunctionArgs): Promise<BaseProfile> {
  const token = new URL(request.url).searchParams.get(DRAFT_LINK_PARAM);
  const base = await openOwner();
  // Signed in, the link's answers wait for the applicant's yes. Anonymous (also after a refused
  // session, on the way to /login) they go into the device's draft, which joins the account at
  // sign-in like any draft.
  const draftLink = token ? await openLink(token, base.snapshot.is_logged_in) : null;
  return { ...base, draftLink };
}

/** The link's code loads only for a page opened with one; a link that cannot be opened never stops the form. */
async function openLink(token: string, signedIn: boolean): Promise<DraftLinkOutcome> {
  try {
    const { openDraftLink } = await loadPart(() => import("../draft-links/open-draft-link"));
    return await openDraftLink(token, signedIn);
  } catch {
    return { kind: "failed" };
  }
}

async function openOwner(): Promise<Omit<BaseProfile, "draftLink">> {
  if (!(await readSessionHint())) {
    if (localStorage.getItem(SIGNED_IN_HERE_KEY) === null) return openAnonymous(false);
    // Signed in here, never signed out, and the hint is gone: the session ended meanwhile. With
    // changes of theirs waiting here, the applicant is told, as when the server refuses it (spec §8).
    const ended = await endSessionHere();
    return ended.kept > 0 ? { ...anonymousOpened(false), unauthorized: ended } : anonymousOpened(false);
  }
  // Signed in, the sync engine is needed at once: it loads while the profile is asked for.
  const session = loadSyncSession();
  session.catch(() => {});
  try {
    const profile = await apiRequest<Profile>("GET", "/api/profile");
    const { syncClient, localDb } = await session;
    const { answer, server_time, username, last_page, successful_login, web_status } = profile;
    const rest = { username, last_page, successful_login, web_status };
    await localDb().profiles.put({ owner: profile.username, profile: rest, fetchedAt: Date.now() });
    await set(LAST_USER_KEY, profile.username);
    localStorage.setItem(SIGNED_IN_HERE_KEY, "1");
    const { mergedDrafts, pendingActions } = await syncClient.open(profile.username, {
      answers: answer,
      serverTime: server_time,
      lastPage: last_page,
    });
    // The device's draft is now the account's: a draft typed here next is another one (decision 0012).
    if (mergedDrafts > 0) await startNewDraft();
    await adoptServerChoices(
      profile.username,
      { add_another: profile.add_another ?? {}, tabs: profile.tabs ?? {} },
      pendingActions,
    );
    // File questions show the server's documents offline too (decision 0014).
    await replaceServerDocuments(localDb(), profile.username, profile.document_answer ?? {});
    return {
      snapshot: snapshotFromProfile(rest),
      offline: false,
      loadProblem: null,
      unauthorized: null,
      mergedDrafts,
    };
  } catch (error) {
    if (error instanceof ApiError && error.kind === "unauthorized") {
      return { ...anonymousOpened(false), unauthorized: await endSessionHere() };
    }
    if (!(error instanceof ApiError)) throw error;
    // Spec §8: a failed query is reported; the form still opens, with what this device holds.
    const failure = classifyFailure(error);
    return openFromDevice(
      failure.class === "no-connection"
        ? { kind: "unreachable", offline: navigator.onLine === false }
        : failure.class === "refused"
          ? { kind: "failed", message: failure.message }
          : { kind: "server-problem", message: failure.message },
    );
  }
}

type Problem = DistributiveOmit<ProfileLoadProblem, "deviceCopy">;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * The server's profile could not be had: the signed-in user's last known profile and answers, as
 * this device has them, or (with no copy here) the device's own draft, which joins the account
 * when its profile next loads.
 */
async function openFromDevice(problem: Problem): Promise<Omit<BaseProfile, "draftLink">> {
  const { syncClient, localDb } = await loadSyncSession();
  const username = await get<string>(LAST_USER_KEY);
  const cached = username ? await localDb().profiles.get(username) : undefined;
  if (!username || !cached) {
    return { ...(await openAnonymous(true)), loadProblem: { ...problem, deviceCopy: false } };
  }
  await syncClient.open(username, null);
  return {
    snapshot: snapshotFromProfile(cached.profile),
    offline: true,
    loadProblem: { ...problem, deviceCopy: true },
    unauthorized: null,
    mergedDrafts: 0,
  };
}

async function openAnonymous(offline: boolean): Promise<Omit<BaseProfile, "draftLink">> {
  await openDeviceDraft();
  return anonymousOpened(offline);
}

function anonymousOpened(offline: boolean): Omit<BaseProfile, "draftLink"> {
  return { snapshot: anonymousSnapshot(), offline, loadProblem: null, unauthorized: null, mergedDrafts: 0 };
}

/**
 * A session that ended without a sign-out here: the device forgets it and opens its own draft; the
 * last user's unsent changes (answers, other changes, files waiting) stay for their next sign-in,
 * counted for the header and the sign-in screen, and with none their copy leaves the device.
 */
async function endSessionHere(): Promise<EndedSession> {
  const { syncClient, forgetEndedSession } = await loadSyncSession();
  const username = (await get<string>(LAST_USER_KEY)) ?? null;
  await forgetSignedInUser();
  await syncClient.open(DEVICE_OWNER, null);
  const kept = username === null ? 0 : await forgetEndedSession(username);
  updateSyncStatus({ keptForSignIn: kept });
  return { username, kept };
}

/**
 * Makes the device's draft current. On a first screen (the sync engine not loaded yet) the answers
 * are read without it, and the engine opens the draft once the page is on screen (decision 0020):
 * a visitor's first screen needs no more than the answers stored here.
 */
async function openDeviceDraft(): Promise<void> {
  const loaded = loadedSyncSession();
  if (loaded) {
    await loaded.syncClient.open(DEVICE_OWNER, null);
    return;
  }
  // Changes made on this page wait for the engine (this loader runs again when the applicant comes
  // back from another screen): what the store holds is newer than the database. The engine's open
  // stores them before it reads.
  if (answerStore.owner === DEVICE_OWNER && pendingWriteCount() > 0) return;
  const mark = answerStore.editMark();
  let stored: Awaited<ReturnType<typeof readStoredAnswers>>;
  try {
    stored = await readStoredAnswers(DEVICE_OWNER);
  } catch {
    // IndexedDB refused the plain read: the engine opens it, and says what went wrong.
    await (await loadSyncSession()).syncClient.open(DEVICE_OWNER, null);
    return;
  }
  // The engine may have opened the draft while this read ran: its answers are the newer.
  if (loadedSyncSession()?.syncClient.hasOpened) return;
  answerStore.replaceAll(DEVICE_OWNER, stored, undefined, mark);
  // Changes an earlier page kept because its engine never came (the engine's open stores them too).
  answerStore.storeHeld();
  setRefusedAnswers([]);
  updateSyncStatus({ phase: "local-only", pending: 0, serverMessage: null });
  preloadWhenIdle(async () => startSyncEngine());
}
