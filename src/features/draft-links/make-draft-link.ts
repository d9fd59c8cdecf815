import type { DraftLinkIssued } from "../../shared/draft-links";
import { loadSyncClient, serverClock } from "../answers/answer-session";
import { deviceDraftId } from "./draft-id";
import { issueDraftLink } from "./draft-link-api";

export type MadeLink = DraftLinkIssued & { answerCount: number };

/**
 * Sends this device's draft to `POST /public/tmp` and returns the new link (which ends the draft's
 * previous one). Edit times and `client_time` come from the same clock, so the server can move them
 * onto its own.
 */
export async function makeDraftLink(): Promise<MadeLink> {
  const draft = await (await loadSyncClient()).draftForLink();
  const link = await issueDraftLink({
    draft_id: await deviceDraftId(),
    client_time: serverClock.now(),
    answers: draft.answers,
    edited_at: draft.editedAt,
  });
  return { ...link, answerCount: Object.values(draft.answers).filter((value) => value !== "").length };
}
