import { del, get, set } from "idb-keyval";

// Which draft a link belongs to (decision 0012): a random id kept on the device and sent with each
// new link, so the server keeps one link per draft and a new one ends the previous one. It never
// leaves the device otherwise and is never in a link.

const DRAFT_ID_KEY = "draft-link-id";

export async function deviceDraftId(): Promise<string> {
  const known = await get<string>(DRAFT_ID_KEY);
  if (known) return known;
  const id = crypto.randomUUID();
  await set(DRAFT_ID_KEY, id);
  return id;
}

/**
 * The device's draft has moved into an account: the next draft typed here (perhaps by someone else
 * on a shared computer) is a new one, and its link must not end the previous draft's link.
 */
export async function startNewDraft(): Promise<void> {
  await del(DRAFT_ID_KEY);
}
