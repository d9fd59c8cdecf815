import { useCallback, useEffect, useState } from "react";
import type { FormPage } from "../../form/catalogue-types";
import { ADD_ANOTHER_MAX_COUNT } from "../../shared/constants";
import { syncClient } from "../answers/answer-session";
import { type OwnerChoices, onChoicesChanged, readChoices, saveCount, saveTab } from "./ui-choices";

const NONE: OwnerChoices = { counts: {}, tabs: {} };

const queue = (kind: "add-another" | "tabs", payload: unknown, key: string) =>
  syncClient.queueAction(kind, payload, key);

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
