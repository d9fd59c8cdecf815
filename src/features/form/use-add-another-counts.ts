import { useCallback, useEffect, useState } from "react";
import type { FormPage } from "../../form/catalogue-types";
import { ADD_ANOTHER_MAX_COUNT } from "../../shared/constants";
import { syncClient } from "../answers/answer-session";
import { onChoicesChanged, readCounts, saveCount } from "./ui-choices";

/**
 * Spec §4 add another: how many blocks each repeated section of a page shows for a signed-in
 * owner (see ui-choices.ts for where they are kept). Anonymous visitors' counts are not kept.
 */
export function useAddAnotherCounts(
  page: FormPage,
  owner: string | null,
): {
  counts: Readonly<Record<string, number>>;
  add: (buttonId: string, shown: number, capacity: number) => void;
} {
  const [counts, setCounts] = useState<Readonly<Record<string, number>>>({});

  useEffect(() => {
    setCounts({});
    if (!owner) return;
    let current = true;
    const ids = page.sections.flatMap((section) => (section.repeat ? [section.repeat.buttonId] : []));
    const load = () => {
      readCounts(owner, ids)
        .then((stored) => {
          if (current) setCounts(stored);
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
      const next = Math.min(shown + 1, capacity, ADD_ANOTHER_MAX_COUNT);
      setCounts((previous) => ({ ...previous, [buttonId]: next }));
      if (owner) {
        saveCount(owner, buttonId, next, (kind, payload, key) =>
          syncClient.queueAction(kind, payload, key),
        ).catch(() => {});
      }
    },
    [owner],
  );

  return { counts, add };
}
