import { del, get, set } from "idb-keyval";
import type { LoaderFunctionArgs } from "react-router-dom";
import { ApiError, apiRequest } from "../../lib/api-client";
import { clearSessionHint, hasSessionHint } from "../../lib/session-hint";
import type { Profile } from "../../shared/api-types";
import { syncClient } from "../answers/answer-session";
import { DEVICE_OWNER, localDb } from "../answers/local-db";
import { replaceServerDocuments } from "../documents/document-cache";
import { startNewDraft } from "../draft-links/draft-id";
import { type DraftLinkOutcome, draftLinkToken, openDraftLink } from "../draft-links/open-draft-link";
import { adoptServerChoices } from "../form/ui-choices";
import { anonymousSnapshot, type ClientSnapshot, snapshotFromProfile } from "./client-snapshot";

/** What every form page starts from (spec §2: the root route loads the base profile). */
export type BaseProfile = {
  snapshot: ClientSnapshot;
  /** True when the server could not be reached and the device's copy is shown. */
  offline: boolean;
  /** The server refused the session: the shell sends the user to sign in. */
  unauthorized: boolean;
  /** Answers typed before signing in that were just added to the account. */
  mergedDrafts: number;
  /** The page was opened with a "Continue on another device" link (`?token=`, spec §2). */
  draftLink: DraftLinkOutcome | null;
};

const LAST_USER_KEY = "last-username";

/** After sign-out this device must not open the user's copy as if they were still signed in. */
export async function forgetSignedInUser(): Promise<void> {
  clearSessionHint();
  await del(LAST_USER_KEY);
}

export async function loadBaseProfile({ request }: LoaderFunctionArgs): Promise<BaseProfile> {
  const token = draftLinkToken(request.url);
  const base = await openOwner();
  // Signed in, the link's answers wait for the applicant's yes. Anonymous (also after a refused
  // session, on the way to /login) they go into the device's draft, which joins the account at
  // sign-in like any draft.
  const draftLink = token ? await openDraftLink(token, base.snapshot.is_logged_in) : null;
  return { ...base, draftLink };
}

async function openOwner(): Promise<Omit<BaseProfile, "draftLink">> {
  if (!hasSessionHint()) return openAnonymous(false);
  try {
    const profile = await apiRequest<Profile>("GET", "/api/profile");
    const { answer, server_time, username, last_page, successful_login, web_status } = profile;
    const rest = { username, last_page, successful_login, web_status };
    await localDb().profiles.put({ owner: profile.username, profile: rest, fetchedAt: Date.now() });
    await set(LAST_USER_KEY, profile.username);
    const { mergedDrafts } = await syncClient.open(profile.username, {
      answers: answer,
      serverTime: server_time,
    });
    // The device's draft is now the account's: a draft typed here next is another one (decision 0012).
    if (mergedDrafts > 0) await startNewDraft();
    await adoptServerChoices(
      profile.username,
      { add_another: profile.add_another ?? {}, tabs: profile.tabs ?? {} },
      await syncClient.pendingActions(),
    );
    // File questions show the server's documents offline too (decision 0014).
    await replaceServerDocuments(localDb(), profile.username, profile.document_answer ?? {});
    return { snapshot: snapshotFromProfile(rest), offline: false, unauthorized: false, mergedDrafts };
  } catch (error) {
    if (error instanceof ApiError && error.kind === "unauthorized") {
      await forgetSignedInUser();
      await syncClient.open(DEVICE_OWNER, null);
      return { snapshot: anonymousSnapshot(), offline: false, unauthorized: true, mergedDrafts: 0 };
    }
    if (error instanceof ApiError && error.isRetryable) return openFromDevice();
    throw error;
  }
}

/** Offline start: the signed-in user's last known profile and answers, as this device has them. */
async function openFromDevice(): Promise<Omit<BaseProfile, "draftLink">> {
  const username = await get<string>(LAST_USER_KEY);
  const cached = username ? await localDb().profiles.get(username) : undefined;
  if (!username || !cached) return openAnonymous(true);
  await syncClient.open(username, null);
  return {
    snapshot: snapshotFromProfile(cached.profile),
    offline: true,
    unauthorized: false,
    mergedDrafts: 0,
  };
}

async function openAnonymous(offline: boolean): Promise<Omit<BaseProfile, "draftLink">> {
  await syncClient.open(DEVICE_OWNER, null);
  return { snapshot: anonymousSnapshot(), offline, unauthorized: false, mergedDrafts: 0 };
}
