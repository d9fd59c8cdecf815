import { get, set } from "idb-keyval";
import { useCallback, useEffect, useState } from "react";
import type { FormPage } from "../../form/catalogue-types";
import type { TabChoices } from "../../form/engine/visibility";

/**
 * Spec §3–§4 tabs: the tab each tabbed section of a page shows, per signed-in owner. Kept on this
 * device (idb-keyval, keyed by owner and tab id) like add-another counts. Anonymous visitors'
 * choices are not kept (spec §6): they see the default tab.
 */
export function useTabChoices(
  page: FormPage,
  owner: string | null,
): { tabs: TabChoices; choose: (tabId: string, chosen: string) => void } {
  const [tabs, setTabs] = useState<TabChoices>({});

  useEffect(() => {
    setTabs({});
    if (!owner) return;
    let current = true;
    const ids = page.sections.flatMap((section) => (section.tabs ? [section.tabs.tabId] : []));
    Promise.all(ids.map(async (id) => [id, await get<string>(storageKey(owner, id))] as const))
      .then((found) => {
        if (!current) return;
        const stored: Record<string, string> = {};
        for (const [id, chosen] of found) if (typeof chosen === "string") stored[id] = chosen;
        setTabs(stored);
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [page, owner]);

  const choose = useCallback(
    (tabId: string, chosen: string) => {
      if (!owner) return;
      setTabs((previous) => ({ ...previous, [tabId]: chosen }));
      set(storageKey(owner, tabId), chosen).catch(() => {});
    },
    [owner],
  );

  return { tabs, choose };
}

function storageKey(owner: string, tabId: string): string {
  return `tab:${owner}:${tabId}`;
}
