import { useState } from "react";
import { Button } from "react-aria-components";
import { Modal } from "../../components/modal";
import { PendingButton } from "../../components/pending-button";
import { showSuccessToast } from "../../components/toasts";
import { useLanguage } from "../../i18n/use-language";
import { focusPageStartIfLost } from "../../lib/page-start";
import { GENERIC_ERROR_MESSAGE } from "../../shared/messages";
import { loadSyncClient } from "../answers/answer-session";
import type { LinkedDraft } from "../answers/linked-draft";
import * as m from "./confirm-messages";
import { loadedMessage } from "./loaded-message";

/** Signed in: the link's answers join the account only when the applicant says so. */
export function ConfirmLinkedDraft({
  draft,
  count,
  onDone,
}: {
  draft: LinkedDraft;
  count: number;
  onDone: () => void;
}) {
  // The dialog opened with the page, not from a control: once it closes, focus goes to the page's
  // start, not to <body> (issue 37).
  const close = () => {
    onDone();
    focusPageStartIfLost();
  };
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState("");
  const { language, t, text } = useLanguage();

  async function add() {
    setAdding(true);
    try {
      const queued = await (await loadSyncClient()).adoptLinkedDraft(draft);
      showSuccessToast(loadedMessage(queued));
      close();
    } catch {
      setError(GENERIC_ERROR_MESSAGE);
      setAdding(false);
    }
  }

  return (
    <Modal
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) close();
      }}
      title={t(m.addSavedAnswers)}
      size="xs"
      role="alertdialog"
      message={language === "en" ? m.linkHoldsEnglish(count) : t(m.linkHolds, { count })}
    >
      {error ? <p role="alert">{text(error)}</p> : null}
      <div className="modal__actions">
        <Button className="button button--secondary" onPress={close}>
          {t(m.notNow)}
        </Button>
        <PendingButton className="button button--primary" isPending={adding} onPress={add} autoFocus>
          {t(m.addAnswers)}
        </PendingButton>
      </div>
    </Modal>
  );
}
