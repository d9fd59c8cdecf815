import { useCallback, useSyncExternalStore } from "react";
import { answerStore } from "./answer-session";

/** One answer's value and its setter; re-renders only when this key changes. */
export function useAnswer(key: string): [string, (value: string) => void] {
  const subscribe = useCallback((listener: () => void) => answerStore.subscribe(key, listener), [key]);
  const value = useSyncExternalStore(subscribe, () => answerStore.get(key));
  const setValue = useCallback(
    (next: string) => {
      // Failures are shown by the sync status; the keystroke itself must not wait on the disk.
      answerStore.set(key, next).catch(() => {});
    },
    [key],
  );
  return [value, setValue];
}
