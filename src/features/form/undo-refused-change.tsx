import { useCallback, useState, useSyncExternalStore } from "react";
import { showErrorToast } from "../../components/toasts";
import { catalogueText } from "../../i18n/translations";
import { NETWORK_ERROR_MESSAGE } from "../../shared/messages";
import { discardRefusedChanges } from "../answers/discard-refused";
import { refusalKeysOf, refusalOf, subscribeRefusal } from "../answers/refused-answers";
import { changeNotUndone, undoThisChange } from "./undo-messages";
import { focusQuestion } from "./use-hash-focus";

/** The keys of a field whose answers the server refused, as one string (a stable snapshot). */
function useRefusedKeys(keys: readonly string[]): string {
  const id = keys.join("\n");
  const subscribe = useCallback(
    (listener: () => void) => {
      const stops = refusalKeysOf(id.split("\n")).map((key) => subscribeRefusal(key, listener));
      return () => {
        for (const stop of stops) stop();
      };
    },
    [id],
  );
  return useSyncExternalStore(subscribe, () =>
    refusalKeysOf(id.split("\n"))
      .filter((key) => refusalOf(key) !== undefined)
      .join("\n"),
  );
}

/**
 * Beside a "Not saved: …" line: puts back the answer the server holds. (Editing the field is the
 * other way out: the edit is sent again.) A native button, so the field's own React Aria button
 * slots (a select's or a date picker's) never take it for theirs.
 */
export function UndoRefusedChange({ keys }: { keys: readonly string[] }) {
  const refused = useRefusedKeys(keys);
  const [busy, setBusy] = useState(false);
  if (refused === "") return null;
  const undo = async () => {
    setBusy(true);
    try {
      await discardRefusedChanges(refused.split("\n"));
      // The button goes with the refusal: the field takes the focus back.
      if (keys[0]) focusQuestion(keys[0]);
    } catch {
      showErrorToast(changeNotUndone, NETWORK_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="link-button field__undo"
      aria-disabled={busy}
      onClick={busy ? undefined : undo}
    >
      {/* In the page's language: its question re-renders when the language changes. */}
      {catalogueText(undoThisChange)}
    </button>
  );
}
