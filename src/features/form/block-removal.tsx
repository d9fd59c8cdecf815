import { type ReactNode, useCallback, useRef, useState } from "react";
import { Button } from "react-aria-components";
import { Modal } from "../../components/modal";
import type { Section } from "../../form/catalogue-types";
import { blockFileKeys, blockHoldsAnswers, planBlockRemoval } from "../../form/engine/remove-block";
import { classifyFailure } from "../../lib/failure";
import { answerStore } from "../answers/answer-session";
import { setAnswer } from "./set-answer";
import { UPLOAD_IN_PROGRESS_MESSAGE, UPLOAD_IN_PROGRESS_TITLE } from "./upload-in-progress";

// Issue 37, point 9: a block of a repeated section added by mistake, or no longer wanted, can be
// removed down to the default count. A block that holds something is removed only once the
// applicant says so (WCAG 3.3.4, as a tab switch: "Keep" focused); an empty one goes at once.
// The later blocks move up (remove-block.ts), the count is saved like an added block's, and the
// keyboard lands on the section's "Add another" button.

/** The files of the removed block, from the documents feature (the page with file questions). */
export type BlockFiles = {
  /**
   * Whether one of them still uploads or converts; otherwise those that hold a file (on the device
   * or the server), with their names (null: not known here). Throws when the server cannot say.
   */
  check(
    keys: readonly string[],
  ): Promise<{ busy: true } | { busy: false; files: { key: string; name: string | null }[] }>;
  /** Deletes them (queued on the device like every change). */
  delete(keys: readonly string[]): Promise<void>;
};

/** The documents feature's, loaded when a removed block has a file (its code is not the form's). */
export const lazyBlockFiles: BlockFiles = {
  check: async (keys) => (await import("../documents/block-files")).blockFiles.check(keys),
  delete: async (keys) => (await import("../documents/block-files")).blockFiles.delete(keys),
};

export type RemoveBlock = (section: Section, index: number, shown: number) => Promise<void>;

type Asking = { title: string; message: string; decide: (confirmed: boolean) => void };
type Telling = { title: string; message: string };

/** "Colleges and universities 2", as the block's heading says. */
export const blockName = (section: Section, index: number) => `${section.title} ${index + 1}`;
/** The id of a repeated section's "Add another" button, where the keyboard goes after a removal. */
export const addAnotherId = (section: Section) => `section-${section.id}-add`;

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
  const files = names.map((name) => (name ? `your file ${name}` : "its file"));
  return [...(answers ? ["its answers"] : []), ...files].join(" and ");
}

/**
 * The removal of repeated blocks on a page: `removeBlock` for its sections, `dialog` to render.
 * `save(buttonId, count)` keeps the new count; `files` deletes a removed block's documents.
 */
export function useBlockRemoval(
  save: (buttonId: string, count: number) => void,
  files: BlockFiles | undefined,
): { removeBlock: RemoveBlock; dialog: ReactNode } {
  const [asking, setAsking] = useState<Asking | null>(null);
  const [telling, setTelling] = useState<Telling | null>(null);
  const [said, setSaid] = useState("");
  const busy = useRef(false);

  const removeBlock = useCallback<RemoveBlock>(
    async (section, index, shown) => {
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
            setTelling({ title: `“${name}” was not removed`, message: classifyFailure(error).message });
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
            title: `“${name}” cannot be removed yet`,
            message: `A file stays with its own block, and a later block holds one. Remove the later blocks first, then “${name}”.`,
          });
          return;
        }
        const names = plan.files.map((key) => held.get(key) ?? null);
        const holds = blockHoldsAnswers(section, index, shown, answers);
        if (holds || names.length > 0) {
          const later = index < shown - 1 ? " The blocks after it move up." : "";
          const confirmed = await new Promise<boolean>((decide) =>
            setAsking({
              title: `Remove “${name}”?`,
              message: `Removing “${name}” deletes ${deletes(names, holds)}.${later}`,
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
              title: `“${name}” was not removed`,
              message:
                "This browser refused to record the deletion of its file on this device. Nothing was removed; please try again.",
            });
            return;
          }
        }
        for (const [key, value] of plan.changes) setAnswer(key, value);
        for (const key of plan.files) if (answerStore.get(key) !== "") setAnswer(key, "");
        save(section.repeat.buttonId, shown - 1);
        setSaid(`“${name}” removed.`);
        focusWhenShown(addAnotherId(section));
      } finally {
        busy.current = false;
      }
    },
    [save, files],
  );

  const dialog = (
    <>
      <Modal
        isOpen={asking !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) asking?.decide(false);
        }}
        title={asking?.title ?? ""}
        size="xs"
        role="alertdialog"
        message={asking ? <p>{asking.message}</p> : undefined}
      >
        <div className="modal__actions">
          <Button className="button button--secondary" onPress={() => asking?.decide(true)}>
            Remove
          </Button>
          <Button className="button button--primary" onPress={() => asking?.decide(false)} autoFocus>
            Keep
          </Button>
        </div>
      </Modal>
      <Modal
        isOpen={telling !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setTelling(null);
        }}
        title={telling?.title ?? ""}
        size="xs"
        role="alertdialog"
        message={telling ? <p>{telling.message}</p> : undefined}
      >
        <div className="modal__actions">
          <Button className="button button--primary" onPress={() => setTelling(null)} autoFocus>
            OK
          </Button>
        </div>
      </Modal>
      {/* The removal is said once, here. */}
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
    </>
  );
  return { removeBlock, dialog };
}
