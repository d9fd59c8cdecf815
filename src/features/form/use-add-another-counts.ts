import { get, set } from "idb-keyval";
import { useCallback, useEffect, useState } from "react";
import type { FormPage } from "../../form/catalogue-types";
import { ADD_ANOTHER_MAX_COUNT } from "../../shared/constants";

/**
 * Spec §4 add another: how many blocks each repeated section of a page shows, per signed-in owner.
 * Kept on this device (idb-keyval, keyed by owner and button id) until the server's
 * /api/add-another endpoint exists. Anonymous visitors' counts are not kept (spec §6).
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
    Promise.all(ids.map(async (id) => [id, await get<number>(storageKey(owner, id))] as const))
      .then((found) => {
        if (!current) return;
        const stored: Record<string, number> = {};
        for (const [id, count] of found) if (typeof count === "number") stored[id] = count;
        setCounts(stored);
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [page, owner]);

  const add = useCallback(
    (buttonId: string, shown: number, capacity: number) => {
      const next = Math.min(shown + 1, capacity, ADD_ANOTHER_MAX_COUNT);
      setCounts((previous) => ({ ...previous, [buttonId]: next }));
      if (owner) set(storageKey(owner, buttonId), next).catch(() => {});
    },
    [owner],
  );

  return { counts, add };
}

function storageKey(owner: string, buttonId: string): string {
  return `add-another:${owner}:${buttonId}`;
}
