import { useState } from "react";
import { Button } from "react-aria-components";
import { useNavigate } from "react-router-dom";
import { PendingButton } from "../../components/pending-button";
import { showErrorToast } from "../../components/toasts";
import { useLanguage } from "../../i18n/use-language";
import { holdAnnouncements } from "../../lib/announcement-hold";
import { apiRequest } from "../../lib/api-client";
import type { SubmitOutcome } from "../../shared/api-types";
import { COMPLETION_ROUTE, FORM_PAGES, type FormPagePath } from "../../shared/routes";
import { answerStore, loadSyncClient } from "../answers/answer-session";
import { refusedKeys } from "../answers/refused-answers";
import { saveOutcome } from "../answers/save-outcome";
import { BUSY_MESSAGE, getSyncStatus, serverErrorMessage } from "../answers/sync-status";
import { useClientSnapshot } from "../profile/snapshot-context";
import * as m from "./action-messages";
import { checkApplication } from "./application-check";
import { refusedOnSubmitMessage } from "./refused-answers-message";
import { recordRefusal } from "./submission-state";
import { submitApplication, UNSENT_MESSAGE } from "./submit-application";
import { useFormNavigation } from "./use-form-navigation";
import { reportValidations } from "./validation-report";

export const SUBMIT_ERROR_LABEL = "Your application was not submitted";
/** What the server's check reads: these must all have reached it before a submit. */
const SUBMIT_READS = ["answer", "tabs", "add-another"] as const;

/**
 * The buttons under a form page: back to the previous step, "Save and continue" to the next, and
 * on the last step "Submit application" (spec §4).
 */
export function PageActions({ current }: { current: FormPagePath }) {
  const index = FORM_PAGES.findIndex((page) => page.path === current);
  const previous = FORM_PAGES[index - 1];
  const next = FORM_PAGES[index + 1];
  const { goTo, saveAndGoTo } = useFormNavigation();
  const [busy, setBusy] = useState(false);
  const { t, text } = useLanguage();

  return (
    <div className="page-actions">
      {previous ? (
        <Button className="button button--secondary" onPress={() => goTo(previous.path)}>
          {t(m.backTo, { title: text(previous.title) })}
        </Button>
      ) : null}
      {next ? (
        <PendingButton
          className="button button--primary page-actions__next"
          isPending={busy}
          onPress={async () => {
            setBusy(true);
            // The next page's heading (and the save's message) speak, not the header meanwhile.
            const release = holdAnnouncements();
            try {
              await saveAndGoTo(next.path);
            } finally {
              release();
              setBusy(false);
            }
          }}
        >
          {t(m.saveAndContinue)}
        </PendingButton>
      ) : (
        <SubmitButton />
      )}
    </div>
  );
}

/**
 * Nothing was submitted because changes have not reached the server: say why. No connection: try
 * again when back online; a busy server or a server problem: that, with its message; refused
 * answers: which, and what to do; an ended session: nothing here (the applicant is taken to sign
 * in again, their answers kept).
 */
async function explainUnsent(): Promise<void> {
  const status = getSyncStatus();
  const notSubmitted = "Your application has not been submitted yet.";
  switch (saveOutcome(status, await (await loadSyncClient()).pending(SUBMIT_READS))) {
    case "signed-out":
      return;
    case "refused":
      showErrorToast(SUBMIT_ERROR_LABEL, refusedOnSubmitMessage(refusedKeys()));
      return;
    case "attention":
      showErrorToast(SUBMIT_ERROR_LABEL, status.serverMessage ?? UNSENT_MESSAGE);
      return;
    case "server-error":
      showErrorToast(
        SUBMIT_ERROR_LABEL,
        `${notSubmitted} ${serverErrorMessage(status.serverMessage, status.pending)}`,
      );
      return;
    case "busy":
      showErrorToast(SUBMIT_ERROR_LABEL, `${notSubmitted} ${BUSY_MESSAGE}.`);
      return;
    default:
      showErrorToast(SUBMIT_ERROR_LABEL, UNSENT_MESSAGE);
  }
}

function SubmitButton() {
  const { t } = useLanguage();
  const { snapshot, advanceWebStatus } = useClientSnapshot();
  const { toSignup } = useFormNavigation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function onSubmit() {
    if (!snapshot.is_logged_in) {
      toSignup();
      return;
    }
    setBusy(true);
    // One announcement: the outcome (the summary taking focus, an error, the completion page).
    const release = holdAnnouncements();
    try {
      const owner = answerStore.owner;
      const result = await submitApplication({
        flush: async () => (await loadSyncClient()).flush(SUBMIT_READS),
        pending: async () => (await loadSyncClient()).pending(SUBMIT_READS),
        advance: advanceWebStatus,
        check: () => checkApplication(owner, answerStore.all()),
        report: (errors) => reportValidations(owner, errors, true),
        submit: () => apiRequest<SubmitOutcome>("POST", "/api/submit"),
      });
      switch (result.kind) {
        case "submitted":
          navigate(COMPLETION_ROUTE, { replace: true });
          break;
        case "errors":
          recordRefusal(result.server ? result.errors : {}, answerStore.all());
          break;
        case "unsent":
          await explainUnsent();
          break;
        case "failed":
          showErrorToast(SUBMIT_ERROR_LABEL, result.message);
          break;
      }
    } finally {
      release();
      setBusy(false);
    }
  }

  return (
    <PendingButton
      className="button button--primary page-actions__submit"
      isPending={busy}
      onPress={onSubmit}
    >
      {t(m.submitApplication)}
    </PendingButton>
  );
}
