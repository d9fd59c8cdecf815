import { type ReactNode, useCallback, useState } from "react";
import { Button } from "react-aria-components";
import { Modal } from "../../components/modal";
import { showErrorToast } from "../../components/toasts";
import type { Section } from "../../form/catalogue-types";
import { classifyFailure } from "../../lib/failure";
import { FAILURE_POLICY } from "../../lib/failure-policy";
import { answerStore } from "../answers/answer-session";
import { localDb } from "../answers/local-db";
import type { BeforeTabSwitch } from "../form/form-page-view";
import { documentsRuntime } from "./documents-runtime";
import { fileKeysOfTab, leaveTab } from "./leave-tab";

/** Spec §8: the label of a tab switch's error toast. */
export const tabErrorLabel = (tab: string) => FAILURE_POLICY.tabs.toastLabel?.(tab) ?? tab;
export const UPLOAD_IN_PROGRESS_TITLE = "File Upload in Progress";
export const UPLOAD_IN_PROGRESS_MESSAGE = "Please wait until the file upload has completed.";

/**
 * Spec §4 tabs with files, for a page's `FormPageView`: `beforeTabSwitch` checks the left tab's
 * files (leave-tab.ts); while one is uploading or converting it opens "File Upload in Progress"
 * and keeps the tab; a failure shows "Error handling tabs for {tab}" and keeps it too. Render
 * `dialog` on the page.
 */
export function useDocumentTabGuard(): { beforeTabSwitch: BeforeTabSwitch; dialog: ReactNode } {
  const [busy, setBusy] = useState(false);

  const beforeTabSwitch = useCallback<BeforeTabSwitch>(async (from, _to, section: Section) => {
    const owner = documentsRuntime.owner;
    if (!owner || fileKeysOfTab(section, from).length === 0) return true;
    try {
      const outcome = await leaveTab(
        {
          db: localDb(),
          owner,
          isSending: (key) => documentsRuntime.isSending(key),
          askConversion: (key) => documentsRuntime.askConversion(key),
          knownStatus: (key) => documentsRuntime.conversionOf(key)?.status,
          answer: (key) => answerStore.get(key),
          forget: (key) => documentsRuntime.forgetConversion(key),
        },
        section,
        from,
      );
      if (outcome === "busy") {
        setBusy(true);
        return false;
      }
      return true;
    } catch (error) {
      showErrorToast(tabErrorLabel(section.title), classifyFailure(error).message);
      return false;
    }
  }, []);

  const dialog = (
    <Modal isOpen={busy} onOpenChange={setBusy} title={UPLOAD_IN_PROGRESS_TITLE} size="xs" role="alertdialog">
      <p>{UPLOAD_IN_PROGRESS_MESSAGE}</p>
      <div className="modal__actions">
        <Button className="button button--primary" onPress={() => setBusy(false)} autoFocus>
          OK
        </Button>
      </div>
    </Modal>
  );
  return { beforeTabSwitch, dialog };
}
