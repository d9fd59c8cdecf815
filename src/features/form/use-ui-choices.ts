import { useCallback, useEffect, useState } from "react";
import { showErrorToast } from "../../components/toasts";
import type { FormPage } from "../../form/catalogue-types";
import { formPages } from "../../form/pages/form-pages";
import { ADD_ANOTHER_MAX_COUNT } from "../../shared/constants";
import { answerStore, loadSyncClient } from "../answers/answer-session";
import { onActionRefused } from "../answers/refused-actions";
import {
  type OwnerChoices,
  onChoicesChanged,
  readChoices,
  rollBackCount,
  saveCount,
  saveTab,
} from "./ui-choices";

const NONE: OwnerChoices = { counts: {}, tabs: {} };

/** "Add another college" → "college": what the spec's "Error adding another {button}" names. */
function addedThing(buttonLabel: string): string {
  return buttonLabel.replace(/^add another\s+/i, "");
}

// Spec §8 "Error adding another {button}": a count the server refused (not one it could not be
// reached for: that waits on the device, is counted in the header and is sent again) is said and
// taken back, whichever page is showing. Registered once, when the form's code loads.
onActionRefused(({ kind, payload, error }) => {
  if (kind !== "add-another" || typeof payload !== "object" || payload === null) return;
  const { button_id, num_components } = payload as { button_id?: unknown; num_components?: unknown };
  if (typeof button_id !== "string" || typeof num_components !== "number") return;
  const section = formPages.flatMap((page) => page.sections).find((s) => s.repeat?.buttonId === button_id);
  const label = section?.repeat ? addedThing(section.repeat.buttonLabel) : button_id;
  showErrorToast(`Error adding another ${label}`, error.message);
  void rollBackCount(answerStore.owner, button_id, num_components);
});

const queue = async (kind: "add-another" | "tabs", payload: unknown, key: string) =>
  (await loadSyncClient()).queueAction(kind, payload, key);

/**
 * Spec §3–§4: how many blocks each repeated section of a page shows, and which tab each tabbed
 * section shows, for a signed-in owner (see ui-choices.ts for where they are kept). Anonymous
 * visitors' choices are not kept (spec §6): they see one block and the default tab.
 */
export function useUiChoices(
  page: FormPage,
  owner: string | null,
): OwnerChoices & {
  add: (buttonId: string, shown: number, capacity: number) => void;
  choose: (tabId: string, chosen: string) => void;
} {
  const [choices, setChoices] = useState<OwnerChoices>(NONE);

  useEffect(() => {
    setChoices(NONE);
    if (!owner) return;
    let current = true;
    const load = () => {
      readChoices(owner, [page])
        .then((stored) => {
          if (current) setChoices(stored);
        })
        .catch(() => {});
    };
    load();
    const stop = onChoicesChanged(load);
    return () => {
      current = false;
      stop();
    };
  }, [page, owner]);

  const add = useCallback(
    (buttonId: string, shown: number, capacity: number) => {
      if (!owner) return;
      const next = Math.min(shown + 1, capacity, ADD_ANOTHER_MAX_COUNT);
      setChoices((previous) => ({ ...previous, counts: { ...previous.counts, [buttonId]: next } }));
      saveCount(owner, buttonId, next, queue).catch(() => {});
    },
    [owner],
  );

  const choose = useCallback(
    (tabId: string, chosen: string) => {
      if (!owner) return;
      setChoices((previous) => ({ ...previous, tabs: { ...previous.tabs, [tabId]: chosen } }));
      saveTab(owner, tabId, chosen, queue).catch(() => {});
    },
    [owner],
  );

  return { ...choices, add, choose };
}
