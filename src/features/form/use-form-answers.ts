import { useCallback, useMemo, useSyncExternalStore } from "react";
import { answerStore } from "../answers/answer-session";
import type { SetAnswer } from "./answer-writer";
import { setAnswer } from "./set-answer";

/** The form's write path for components that set several keys (autocomplete fills, add another). */
export function useFormAnswers(): { setAnswer: SetAnswer; read: (key: string) => string } {
  return useMemo(() => ({ setAnswer, read: (key: string) => answerStore.get(key) }), []);
}

/**
 * One question's value, re-rendering only when that key changes, and its setter through the one
 * write path (so `_desc` and dependent answers follow).
 */
export function useQuestionAnswer(key: string): [string, (value: string, label?: string) => void] {
  const subscribe = useCallback((listener: () => void) => answerStore.subscribe(key, listener), [key]);
  const value = useSyncExternalStore(subscribe, () => answerStore.get(key));
  const set = useCallback((next: string, label?: string) => setAnswer(key, next, label), [key]);
  return [value, set];
}

/**
 * The values of a few keys (e.g. the ones a page's visibility rules read), as one object that
 * changes only when one of them does: a page subscribes to its controlling answers, not to every
 * keystroke in its text fields.
 */
export function useAnswersOf(keys: readonly string[]): Readonly<Record<string, string>> {
  const id = keys.join("\n");
  const source = useMemo(() => {
    const list = id === "" ? [] : id.split("\n");
    const read = () => Object.fromEntries(list.map((key) => [key, answerStore.get(key)]));
    let snapshot = read();
    const refresh = () => {
      const next = read();
      if (list.some((key) => next[key] !== snapshot[key])) snapshot = next;
    };
    return {
      subscribe(listener: () => void) {
        const stops = list.map((key) =>
          answerStore.subscribe(key, () => {
            refresh();
            listener();
          }),
        );
        refresh();
        return () => {
          for (const stop of stops) stop();
        };
      },
      getSnapshot: () => snapshot,
    };
  }, [id]);
  return useSyncExternalStore(source.subscribe, source.getSnapshot);
}
