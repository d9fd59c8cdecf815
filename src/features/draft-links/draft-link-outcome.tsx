import { Suspense, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { showErrorToast, showSuccessToast } from "../../components/toasts";
import { lazyPart } from "../../lib/load-part";
import { DRAFT_LINK_MESSAGES, DRAFT_LINK_PARAM } from "../../shared/draft-links";
import type { LinkedDraft } from "../answers/linked-draft";
import { loadedMessage } from "./loaded-message";
import type { DraftLinkOutcome } from "./open-draft-link";

// Only a signed-in applicant opening a link sees the question; its code loads then.
const ConfirmLinkedDraft = lazyPart(() =>
  import("./confirm-linked-draft").then((m) => ({ default: m.ConfirmLinkedDraft })),
);

const ERROR_LABEL = "The answers from your link were not added";

export const INVALID_LINK_TEXT = `${DRAFT_LINK_MESSAGES.invalid} The form shows the answers saved on this device; you can make a new link on the device where you started.`;
export const FAILED_LINK_TEXT =
  "We couldn't load the answers from your link. Check your connection, then reload this page to try again.";
const SUBMITTED_TEXT =
  "Your application has been submitted, so the answers from this link can't be added to it.";

/**
 * Tells the applicant what opening a "Continue on another device" link did (decision 0012), takes
 * the token out of the address bar (history replace) so it is not bookmarked or shared by accident,
 * and, when signed in, asks before the link's answers join the account.
 */
export function DraftLinkOutcomeNotice({
  outcome,
  submitted,
}: {
  outcome: DraftLinkOutcome | null;
  submitted: boolean;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef(false);
  const [pending, setPending] = useState<{ draft: LinkedDraft; count: number } | null>(null);

  useEffect(() => {
    if (!outcome || handled.current) return;
    handled.current = true;
    if (outcome.kind === "loaded") showSuccessToast(loadedMessage(outcome.changed));
    else if (outcome.kind === "invalid") showErrorToast(ERROR_LABEL, INVALID_LINK_TEXT);
    else if (outcome.kind === "failed") showErrorToast(ERROR_LABEL, FAILED_LINK_TEXT);
    else if (submitted) showErrorToast(ERROR_LABEL, SUBMITTED_TEXT);
    else setPending({ draft: outcome.draft, count: outcome.count });
  }, [outcome, submitted]);

  // Whenever the address holds the token (a redirect that keeps the query string may bring it
  // back), take it out. A link that could not be read for want of a connection stays, so a reload
  // can try again.
  const params = new URLSearchParams(location.search);
  const showsToken = outcome !== null && outcome.kind !== "failed" && params.has(DRAFT_LINK_PARAM);
  useEffect(() => {
    if (!showsToken) return;
    const rest = new URLSearchParams(location.search);
    rest.delete(DRAFT_LINK_PARAM);
    const search = rest.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [showsToken, location, navigate]);

  return pending ? (
    <Suspense fallback={null}>
      <ConfirmLinkedDraft {...pending} onDone={() => setPending(null)} />
    </Suspense>
  ) : null;
}
