import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Button } from "react-aria-components";
import { Modal } from "../../components/modal";
import { showErrorToast } from "../../components/toasts";
import type { Section } from "../../form/catalogue-types";
import { message as formatMessage } from "../../i18n/translations";
import { useLanguage } from "../../i18n/use-language";
import { classifyFailure } from "../../lib/failure";
import { FAILURE_POLICY } from "../../lib/failure-policy";
import { localDb } from "../answers/local-db";
import type { TabSwitchHandler, TabSwitchRequest } from "../form/tab-switch";
import { documentsRuntime } from "./documents-runtime";
import { leaveContext } from "./leave-context";
import {
  checkLeaveTab,
  deleteTabFiles,
  fileKeysOfTab,
  type HeldDeletion,
  releaseTabFiles,
  type TabFile,
  undoTabFiles,
} from "./leave-tab";
import { storageFailureMessage } from "./storage-failure";
import * as m from "./tab-switch-messages";
import { deletedSentence, leavingSummary, tabLabel } from "./tab-switch-words";
import "./tab-switch-guard.css";

import { UPLOAD_IN_PROGRESS_MESSAGE, UPLOAD_IN_PROGRESS_TITLE } from "../form/upload-in-progress";

export { UPLOAD_IN_PROGRESS_MESSAGE, UPLOAD_IN_PROGRESS_TITLE };
/**
 * How long a switch can be undone: the left tab's text is kept in memory, its file's deletion
 * waits on the device (decision 0016). Leaving the page or switching again ends it sooner.
 */
export const TAB_UNDO_MS = 120_000;

const tabsToast = (section: Section, message: string) =>
  showErrorToast(FAILURE_POLICY.tabs.toastLabel?.(section.title) ?? section.title, message, {
    title: FAILURE_POLICY.tabs.toastTitle?.(section.title),
  });

type Asking = { section: Section; to: string; summary: string; decide: (confirmed: boolean) => void };
type Offered = { sectionId: string; sentence: string; undo: () => Promise<void>; end: () => void };

/** Focuses the chosen tab of `section` once it is `tab` (the undo's switch back has rendered). */
function focusTabWhenShown(section: Section, tab: string): void {
  const label = tabLabel(section, tab);
  let frames = 0;
  const attempt = () => {
    const region = document.getElementById(`section-${section.id}`)?.closest("section");
    const selected = region?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (selected?.textContent === label) selected.focus();
    else if (frames++ < 120) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}

/**
 * Spec §4 tab switches on a page with files (Final Steps' personal statement). While a file of the
 * left tab uploads or converts, "File Upload in Progress" (the spec's) keeps the tab. A tab that
 * holds something (written text, a file) is left only once the applicant says so in an alert
 * dialog naming it, "Keep" focused (WCAG 3.3.4, issue 37); then its answers are cleared, its file's
 * deletion waits on the device, and an Undo under the tabs brings the tab back with what it held,
 * for TAB_UNDO_MS. Render `dialog` on the page and pass `switchTabs`, `tabNotice` to FormPageView.
 */
export function useTabSwitchGuard(): {
  switchTabs: TabSwitchHandler;
  tabNotice: (section: Section) => ReactNode;
  dialog: ReactNode;
} {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [offered, setOffered] = useState<Offered | null>(null);
  const [said, setSaid] = useState("");
  const { t } = useLanguage();
  const offeredRef = useRef<Offered | null>(null);

  const offer = useCallback((next: Offered | null) => {
    offeredRef.current?.end();
    offeredRef.current = next;
    setOffered(next);
  }, []);
  // Leaving the page ends the undo: the deletions go.
  useEffect(() => () => offeredRef.current?.end(), []);

  const switchTabs = useCallback<TabSwitchHandler>(
    async (request) => {
      const { section, from, to } = request;
      const owner = documentsRuntime.owner;
      let files: TabFile[] = [];
      if (owner && fileKeysOfTab(section, from).length > 0) {
        try {
          const checked = await checkLeaveTab(leaveContext(owner), section, from);
          if (checked.busy) {
            setBusy(true);
            return;
          }
          files = checked.files;
        } catch (error) {
          tabsToast(section, classifyFailure(error).message);
          return;
        }
      }
      const summary = leavingSummary(section, from, request.leaving, files);
      if (summary === null) {
        offer(null);
        request.apply();
        return;
      }
      const confirmed = await new Promise<boolean>((decide) => setAsking({ section, to, summary, decide }));
      setAsking(null);
      if (!confirmed) return;
      let held: HeldDeletion[] = [];
      if (owner && files.length > 0) {
        try {
          held = await deleteTabFiles(
            leaveContext(owner),
            files.map((file) => file.key),
            Date.now() + TAB_UNDO_MS,
          );
        } catch (error) {
          tabsToast(section, storageFailureMessage(error));
          return;
        }
      }
      offer(null);
      request.apply();
      const sentence = deletedSentence(summary);
      setSaid(formatMessage(m.canUndo, { sentence }));
      offer(undoOffer(request, sentence, owner, held, setSaid, () => offer(null)));
    },
    [offer],
  );

  const tabNotice = useCallback(
    (section: Section) =>
      offered?.sectionId === section.id ? (
        <div className="tab-undo">
          <p id="tab-undo-sentence" className="tab-undo__sentence">
            {offered.sentence}
          </p>
          <Button
            className="button button--secondary"
            aria-describedby="tab-undo-sentence"
            onPress={() => void offered.undo()}
          >
            {t(m.undo)}
          </Button>
        </div>
      ) : null,
    [offered, t],
  );

  const dialog = (
    <>
      <Modal
        isOpen={busy}
        onOpenChange={setBusy}
        title={UPLOAD_IN_PROGRESS_TITLE}
        size="xs"
        role="alertdialog"
        message={UPLOAD_IN_PROGRESS_MESSAGE}
      >
        <div className="modal__actions">
          <Button className="button button--primary" onPress={() => setBusy(false)} autoFocus>
            {t(m.ok)}
          </Button>
        </div>
      </Modal>
      <Modal
        isOpen={asking !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) asking?.decide(false);
        }}
        title={asking ? t(m.switchQuestion, { tab: tabLabel(asking.section, asking.to) }) : ""}
        size="xs"
        role="alertdialog"
        message={
          asking
            ? t(m.choosingDeletes, { tab: tabLabel(asking.section, asking.to), summary: asking.summary })
            : undefined
        }
      >
        <div className="modal__actions">
          <Button className="button button--secondary" onPress={() => asking?.decide(true)}>
            {t(m.deleteAndSwitch)}
          </Button>
          <Button className="button button--primary" onPress={() => asking?.decide(false)} autoFocus>
            {t(m.keep)}
          </Button>
        </div>
      </Modal>
      {/* The switch and the undo are said once, here; the notice under the tabs is not live. */}
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
    </>
  );
  return { switchTabs, tabNotice, dialog };
}

/**
 * The undo of a confirmed switch: for TAB_UNDO_MS, or until `end` (another switch, leaving the
 * page), after which the files' deletions are sent. Undoing puts the files back on the device,
 * the answers back through the one write path, and the tab back (focused).
 */
function undoOffer(
  request: TabSwitchRequest,
  sentence: string,
  owner: string | null,
  held: readonly HeldDeletion[],
  say: (text: string) => void,
  close: () => void,
): Offered {
  let open = true;
  const release = () => {
    if (!open) return;
    open = false;
    clearTimeout(timer);
    if (owner && held.length > 0)
      void releaseTabFiles(localDb(), owner, held)
        .then(() => documentsRuntime.sendWaiting())
        .catch(() => {});
  };
  const timer = setTimeout(close, TAB_UNDO_MS);
  return {
    sectionId: request.section.id,
    sentence,
    end: release,
    undo: async () => {
      if (!open) return;
      open = false;
      clearTimeout(timer);
      const back = owner ? await undoTabFiles(localDb(), owner, held).catch(() => []) : [];
      // A file whose deletion has gone ahead meanwhile stays deleted: its answer stays empty.
      const gone = held.filter((entry) => !back.includes(entry.key)).map((entry) => entry.key);
      request.restore(gone);
      for (const key of back) void documentsRuntime.askConversion(key).catch(() => {});
      close();
      say(formatMessage(m.undone, { tab: tabLabel(request.section, request.from) }));
      focusTabWhenShown(request.section, request.from);
    },
  };
}
