import type { MutableRefObject } from "react";
import { Button } from "react-aria-components";
import { Modal } from "../../components/modal";
import type { Section } from "../../form/catalogue-types";
import { blockFileKeys, blockHoldsAnswers, planBlockRemoval } from "../../form/engine/remove-block";
import { message as say } from "../../i18n/translations";
import { useLanguage } from "../../i18n/use-language";
import { classifyFailure } from "../../lib/failure";
import { answerStore } from "../answers/answer-session";
import { addAnotherId, type BlockFiles, blockName } from "./block-removal";
import * as m from "./block-removal-messages";
import { setAnswer } from "./set-answer";
import { UPLOAD_IN_PROGRESS_MESSAGE, UPLOAD_IN_PROGRESS_TITLE } from "./upload-in-progress";

// The block removal's work and dialogs (block-removal.tsx holds the page's state), a file of its
// own, loaded at the first press of a "Remove" button, so that React Aria's overlays and the
// removal's plan stay off the form pages' first screen (issue 34).

export type Asking = { title: string; message: string; decide: (confirmed: boolean) => void };
export type Telling = { title: string; message: string };

export function BlockRemovalDialogs({
  asking,
  telling,
  onTold,
}: {
  asking: Asking | null;
  telling: Telling | null;
  onTold: () => void;
}) {
  const { t } = useLanguage();
  return (
    <>
      <Modal
        isOpen={asking !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) asking?.decide(false);
        }}
        title={asking?.title ?? ""}
        size="xs"
        role="alertdialog"
        message={asking?.message}
      >
        <div className="modal__actions">
          <Button className="button button--secondary" onPress={() => asking?.decide(true)}>
            {t(m.remove)}
          </Button>
          <Button className="button button--primary" onPress={() => asking?.decide(false)} autoFocus>
            {t(m.keep)}
          </Button>
        </div>
      </Modal>
      <Modal
        isOpen={telling !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) onTold();
        }}
        title={telling?.title ?? ""}
        size="xs"
        role="alertdialog"
        message={telling?.message}
      >
        <div className="modal__actions">
          <Button className="button button--primary" onPress={onTold} autoFocus>
            {t(m.ok)}
          </Button>
        </div>
      </Modal>
    </>
  );
}

/** What the page's hook (useBlockRemoval) lends a removal. */
export type RemovalContext = {
  busy: MutableRefObject<boolean>;
  save: (buttonId: string, count: number) => void;
  files: BlockFiles | undefined;
  setAsking: (asking: Asking | null) => void;
  setTelling: (telling: Telling | null) => void;
  setSaid: (said: string) => void;
};

function focusWhenShown(id: string): void {
  let frames = 0;
  const attempt = () => {
    const target = document.getElementById(id);
    if (target && document.activeElement !== target) target.focus();
    if (document.activeElement !== target && frames++ < 120) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}

function deletes(names: readonly (string | null)[], answers: boolean): string {
  const files = names.map((name) => (name ? say(m.yourFile, { file: name }) : say(m.itsFile)));
  return [...(answers ? [say(m.itsAnswers)] : []), ...files].reduce((first, second) =>
    say(m.bothDeleted, { first, second }),
  );
}

/** Removes block `index` of `section` (of `shown`), asking first when it holds something. */
export async function runBlockRemoval(
  { busy, save, files, setAsking, setTelling, setSaid }: RemovalContext,
  section: Section,
  index: number,
  shown: number,
): Promise<void> {
  if (!section.repeat || shown <= 1 || busy.current) return;
  busy.current = true;
  try {
    const name = blockName(section, index);
    const answers = answerStore.all();
    // Which file questions hold a file: the documents feature knows (device, server), not the answers.
    const fileKeys = blockFileKeys(section, index, shown);
    const held = new Map<string, string | null>();
    if (files && fileKeys.own.length + fileKeys.later.length > 0) {
      const checked = await files.check([...fileKeys.own, ...fileKeys.later]).catch((error: unknown) => {
        setTelling({ title: say(m.notRemoved, { name }), message: classifyFailure(error).message });
        return null;
      });
      if (checked === null) return;
      if (checked.busy) {
        setTelling({ title: UPLOAD_IN_PROGRESS_TITLE, message: UPLOAD_IN_PROGRESS_MESSAGE });
        return;
      }
      for (const file of checked.files) held.set(file.key, file.name);
    }
    const plan = planBlockRemoval(
      section,
      index,
      shown,
      answers,
      (key) => held.has(key) || (answers[key] ?? "") !== "",
    );
    if (plan.stuck.length > 0) {
      setTelling({
        title: say(m.cannotRemoveYet, { name }),
        message: say(m.fileStaysWithBlock, { name }),
      });
      return;
    }
    const names = plan.files.map((key) => held.get(key) ?? null);
    const holds = blockHoldsAnswers(section, index, shown, answers);
    if (holds || names.length > 0) {
      const later = index < shown - 1 ? ` ${say(m.blocksMoveUp)}` : "";
      const confirmed = await new Promise<boolean>((decide) =>
        setAsking({
          title: say(m.removeQuestion, { name }),
          message: `${say(m.removingDeletes, { name, what: deletes(names, holds) })}${later}`,
          decide,
        }),
      );
      setAsking(null);
      if (!confirmed) return;
    }
    if (plan.files.length > 0 && files) {
      try {
        await files.delete(plan.files);
      } catch {
        // IndexedDB refused to record the deletion: nothing has changed yet.
        setTelling({
          title: say(m.notRemoved, { name }),
          message: say(m.deletionRefused),
        });
        return;
      }
    }
    for (const [key, value] of plan.changes) setAnswer(key, value);
    for (const key of plan.files) if (answerStore.get(key) !== "") setAnswer(key, "");
    save(section.repeat.buttonId, shown - 1);
    setSaid(say(m.removed, { name }));
    focusWhenShown(addAnotherId(section));
  } finally {
    busy.current = false;
  }
}
