import { createContext, useCallback, useContext, useMemo, useRef, useSyncExternalStore } from "react";
import { notSavedMessage, refusalKeysOf, refusalOf, subscribeRefusal } from "../answers/refused-answers";
import type { FieldErrors } from "./field-errors";

export const FieldErrorsContext = createContext<FieldErrors | null>(null);

export function useFieldErrorsController(): FieldErrors {
  const errors = useContext(FieldErrorsContext);
  if (!errors) throw new Error("useFieldErrors must be used inside a form page");
  return errors;
}

const NONE: readonly string[] = [];

/**
 * The errors shown for one question (several keys for a month/year pair), combined and
 * de-duplicated: first "Not saved: …" for an answer the server refused (always shown), then the
 * form's own checks.
 */
export function useFieldErrors(keys: readonly string[]): readonly string[] {
  const errors = useFieldErrorsController();
  const id = keys.join("\n");
  const last = useRef<readonly string[]>(NONE);
  const subscribe = useCallback(
    (listener: () => void) => {
      const list = id.split("\n");
      const stops = [
        ...list.map((key) => errors.subscribe(key, listener)),
        ...refusalKeysOf(list).map((key) => subscribeRefusal(key, listener)),
      ];
      return () => {
        for (const stop of stops) stop();
      };
    },
    [errors, id],
  );
  const read = useCallback(() => {
    const list = id.split("\n");
    const lists = list.map((key) => errors.get(key));
    const refusals = refusalKeysOf(list).flatMap((key) => {
      const reason = refusalOf(key);
      return reason === undefined ? [] : [notSavedMessage(reason)];
    });
    if (refusals.length > 0) lists.unshift(refusals);
    const combined = lists.length === 1 ? (lists[0] ?? NONE) : [...new Set(lists.flat())];
    // A new array only when the messages changed, so the field does not re-render for nothing.
    if (combined.length === last.current.length && combined.every((e, i) => e === last.current[i])) {
      return last.current;
    }
    last.current = combined.length === 0 ? NONE : combined;
    return last.current;
  }, [errors, id]);
  return useSyncExternalStore(subscribe, read);
}

/** Handlers a field calls: left (blur), committed (a choice), edited (a keystroke). */
export function useFieldEvents(keys: readonly string[]) {
  const errors = useFieldErrorsController();
  const id = keys.join("\n");
  return useMemo(() => {
    const list = id.split("\n");
    return {
      left: () => errors.leave(list),
      committed: () => errors.leave(list),
      edited: () => errors.edited(),
    };
  }, [errors, id]);
}
