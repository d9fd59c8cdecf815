import { useCallback, useEffect, useState } from "react";
import type { FormPage } from "../../form/catalogue-types";
import type { TabChoices } from "../../form/engine/visibility";
import { syncClient } from "../answers/answer-session";
import { onChoicesChanged, readTabs, saveTab } from "./ui-choices";

/**
 * Spec §3–§4 tabs: the tab each tabbed section of a page shows for a signed-in owner (see
 * ui-choices.ts for where they are kept). Anonymous visitors see the default tab (spec §6).
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
    const load = () => {
      readTabs(owner, ids)
        .then((stored) => {
          if (current) setTabs(stored);
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

  const choose = useCallback(
    (tabId: string, chosen: string) => {
      if (!owner) return;
      setTabs((previous) => ({ ...previous, [tabId]: chosen }));
      saveTab(owner, tabId, chosen, (kind, payload, key) => syncClient.queueAction(kind, payload, key)).catch(
        () => {},
      );
    },
    [owner],
  );

  return { tabs, choose };
}
