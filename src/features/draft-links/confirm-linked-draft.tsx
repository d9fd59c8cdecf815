import { useState } from "react";
import { Button } from "react-aria-components";
import { Modal } from "../../components/modal";
import { PendingButton } from "../../components/pending-button";
import { showSuccessToast } from "../../components/toasts";
import { focusPageStartIfLost } from "../../lib/page-start";
import { GENERIC_ERROR_MESSAGE } from "../../shared/messages";
import { loadSyncClient } from "../answers/answer-session";
import type { LinkedDraft } from "../answers/linked-draft";
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

  const answers = count === 1 ? "1 answer" : `${count} answers`;
  return (
    <Modal
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) close();
      }}
      title="Add your saved answers?"
      size="xs"
      role="alertdialog"
      message={
        <p>
          The link you opened holds {answers} saved on another device. Add them to your application? Where you
          have changed an answer more recently, your newer answer is kept.
        </p>
      }
    >
      {error ? <p role="alert">{error}</p> : null}
      <div className="modal__actions">
        <Button className="button button--secondary" onPress={close}>
          Not now
        </Button>
        <PendingButton className="button button--primary" isPending={adding} onPress={add} autoFocus>
          Add answers
        </PendingButton>
      </div>
    </Modal>
  );
}
