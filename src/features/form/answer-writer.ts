// The one write path of the form (STYLE.md "one write path"): component → setAnswer (control
// characters dropped) → engine's applyAnswer (the key, its `_desc`, cleared conditional selects and hidden answers) → the answer
// store (memory, IndexedDB, sync queue). Components never write the store or call fetch directly.
// The app's writer is in set-answer.ts; this factory takes its store and pages so tests can too.
import type { FormPage } from "../../form/catalogue-types";
import { applyAnswer } from "../../form/engine/apply-answer";
import { indexCatalogue } from "../../form/engine/catalogue-index";
import { stripControlCharacters } from "./control-characters";

type Store = {
  all(): Record<string, string>;
  set(key: string, value: string): Promise<void>;
};

export type SetAnswer = (key: string, value: string, label?: string) => void;
type WriteListener = (changes: Readonly<Record<string, string>>) => void;

export type AnswerWriter = {
  setAnswer: SetAnswer;
  /** Told of every change set, e.g. to re-run validation after a choice. */
  onWrite(listener: WriteListener): () => void;
  /**
   * Tells the same listeners of values the device took from the server, not set here (a file
   * question's "ANSWERED", documents-runtime.ts): what they check follows them as it followed the
   * change that used to be set.
   */
  adopted(changes: Readonly<Record<string, string>>): void;
};

export function createAnswerWriter(
  store: Store,
  pages: readonly FormPage[],
  apply: typeof applyAnswer = applyAnswer,
): AnswerWriter {
  const listeners = new Set<WriteListener>();
  // Indexed at the first write, not when the module loads (issue 15: start-up work).
  const kindOf = (key: string) => indexCatalogue(pages).byKey.get(key)?.question.kind;
  return {
    setAnswer(key, typed, label) {
      // Every text-like input writes here, so this is where typed or pasted control characters go.
      const value = stripControlCharacters(typed, kindOf(key) === "textarea");
      const changes = apply(pages, store.all(), key, value, label === undefined ? {} : { label });
      for (const [changedKey, changedValue] of Object.entries(changes)) {
        // Failures are shown by the sync status; the keystroke itself must not wait on the disk.
        store.set(changedKey, changedValue).catch(() => {});
      }
      for (const listener of listeners) listener(changes);
    },
    onWrite(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    adopted(changes) {
      for (const listener of listeners) listener(changes);
    },
  };
}
