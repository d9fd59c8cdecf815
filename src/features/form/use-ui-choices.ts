import { useCallback, useEffect, useState } from "react";
import { showErrorToast } from "../../components/toasts";
import type { FormPage } from "../../form/catalogue-types";
import { formPages } from "../../form/pages/form-pages";
import { FAILURE_POLICY } from "../../lib/failure-policy";
import { ADD_ANOTHER_DEFAULT_COUNT, ADD_ANOTHER_MAX_COUNT } from "../../shared/constants";
import { answerStore, loadSyncClient } from "../answers/answer-session";
import { onActionDropped } from "../answers/refused-actions";
import { getAddAnother } from "./api/get-add-another";
import { getTabs } from "./api/get-tabs";
import {
  adoptServerCount,
  adoptServerTab,
  type OwnerChoices,
  onChoicesChanged,
  readChoices,
  saveCount,
  saveTab,
} from "./ui-choices";

const NONE: OwnerChoices = { counts: {}, tabs: {} };

/** "Add another college" → "college": what the spec's "Error adding another {button}" names. */
function addedThing(buttonLabel: string): string {
  return buttonLabel.replace(/^add another\s+/i, "");
}

// Spec §8 "Error adding another {button}" and "Error handling tabs for {tab}": a count or a tab
// choice the server refused or had a problem with (failure-policy.ts drops it; one that could not
// reach the server waits on the device and is sent again) is said once; dismissing the toast shows
// the server's value again (GET /api/add-another, GET /api/tabs). Registered once, when the
// form's code loads.
onActionDropped(({ kind, payload, failure }) => {
  if (typeof payload !== "object" || payload === null) return;
  const owner = answerStore.owner;
  const sections = formPages.flatMap((page) => page.sections);
  if (kind === "add-another") {
    const { button_id } = payload as { button_id?: unknown };
    if (typeof button_id !== "string") return;
    const section = sections.find((s) => s.repeat?.buttonId === button_id);
    const label = section?.repeat ? addedThing(section.repeat.buttonLabel) : button_id;
    showErrorToast(toastLabel("add-another", label), failure.message, {
      onClose: () =>
        void refetch(
          () => getAddAnother(),
          (server, pending) => adoptServerCount(owner, button_id, server.add_another, pending),
        ),
    });
  } else if (kind === "tabs") {
    const { tab_id } = payload as { tab_id?: unknown };
    if (typeof tab_id !== "string") return;
    const section = sections.find((s) => s.tabs?.tabId === tab_id);
    const tab = section?.title ?? tab_id;
    showErrorToast(toastLabel("tabs", tab), failure.message, {
      title: FAILURE_POLICY.tabs.toastTitle?.(tab),
      onClose: () =>
        void refetch(
          () => getTabs(),
          (server, pending) => adoptServerTab(owner, tab_id, server.tabs, pending),
        ),
    });
  }
});

function toastLabel(kind: "add-another" | "tabs", name: string): string {
  return FAILURE_POLICY[kind].toastLabel?.(name) ?? name;
}

/** Asks the server for its value and shows it; a failure leaves the device's (nothing more to say). */
async function refetch<T>(
  get: () => Promise<T>,
  adopt: (server: T, pending: ReadonlySet<string>) => Promise<void>,
): Promise<void> {
  try {
    const server = await get();
    await adopt(server, await (await loadSyncClient()).pendingActions());
  } catch {
    // Offline or failing again: the device keeps what it shows; the next profile load folds it in.
  }
}

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
  /** Keeps a lower count after a block is removed (issue 37; never below the default). */
  setCount: (buttonId: string, count: number) => void;
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

  const setCount = useCallback(
    (buttonId: string, count: number) => {
      if (!owner) return;
      const next = Math.max(count, ADD_ANOTHER_DEFAULT_COUNT);
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

  return { ...choices, add, setCount, choose };
}
