import { classifyFailure } from "../../lib/failure";
import { loadSyncClient, serverClock } from "../answers/answer-session";
import type { LinkedDraft } from "../answers/linked-draft";
import { loadDraftLink } from "./draft-link-api";

/** What opening a page with `?token=` (spec §2 loader) came to; the form layout tells the applicant. */
export type DraftLinkOutcome =
  /** Anonymous: the link's answers are in the device's draft; `changed` fields took the link's value. */
  | { kind: "loaded"; changed: number }
  /** Signed in: the answers join the account only once the applicant agrees. */
  | { kind: "confirm"; draft: LinkedDraft; count: number }
  /** Malformed, unknown, expired or revoked: the server does not say which, and neither do we. */
  | { kind: "invalid" }
  /** No answer from the server, or the device could not store the answers: the link may work later. */
  | { kind: "failed" };

/**
 * Reads a link's copy (`GET /public/tmp?token=…`) and, for an anonymous visitor, merges it into the
 * device's draft. Never throws: a link that does not work must not keep the form from opening.
 */
export async function openDraftLink(token: string, signedIn: boolean): Promise<DraftLinkOutcome> {
  try {
    const sentAt = Date.now();
    const copy = await loadDraftLink(token);
    // The copy's edit times are on the server's clock; this device's next edits will be too.
    serverClock.observe(copy.server_time, sentAt, Date.now());
    const draft = { answers: copy.answer, editedAt: copy.edited_at };
    if (signedIn) {
      return { kind: "confirm", draft, count: Object.values(copy.answer).filter((v) => v !== "").length };
    }
    return { kind: "loaded", changed: await (await loadSyncClient()).adoptLinkedDraft(draft) };
  } catch (error) {
    return { kind: classifyFailure(error).class === "refused" ? "invalid" : "failed" };
  }
}
