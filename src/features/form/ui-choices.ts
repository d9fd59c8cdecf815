import { get, getMany, setMany } from "idb-keyval";
import type { TabChoices } from "../../form/engine/visibility";
import { KeyedListeners } from "../../lib/keyed-listeners";
import { ADD_ANOTHER_MAX_COUNT } from "../../shared/constants";

// Spec §4 add another and tabs, per signed-in owner. The device's copy (idb-keyval) is what the
// form shows, so it works offline; every change is also queued for the server (PUT /api/add-another,
// PUT /api/tabs) like an answer. At sign-in the server's copy is folded in (`adoptServerChoices`).
// Anonymous visitors' choices are not kept (spec §6).

type Sender = (kind: "add-another" | "tabs", payload: unknown, key: string) => Promise<void>;

const countKey = (owner: string, buttonId: string) => `add-another:${owner}:${buttonId}`;
const tabKey = (owner: string, tabId: string) => `tab:${owner}:${tabId}`;
/** The queue key of a pending change, so a newer change to the same button or tab replaces it. */
export const countQueueKey = (buttonId: string) => `add-another:${buttonId}`;
export const tabQueueKey = (tabId: string) => `tabs:${tabId}`;

const listeners = new KeyedListeners();
const CHANGED = "changed";

/** Called after any stored count or tab choice changes (e.g. to re-check the whole application). */
export function onChoicesChanged(listener: () => void): () => void {
  return listeners.subscribe(CHANGED, listener);
}

export async function readCounts(
  owner: string,
  buttonIds: readonly string[],
): Promise<Record<string, number>> {
  const found = await getMany<unknown>(buttonIds.map((id) => countKey(owner, id)));
  const counts: Record<string, number> = {};
  buttonIds.forEach((id, i) => {
    const count = found[i];
    if (typeof count === "number") counts[id] = count;
  });
  return counts;
}

export async function readTabs(owner: string, tabIds: readonly string[]): Promise<TabChoices> {
  const found = await getMany<unknown>(tabIds.map((id) => tabKey(owner, id)));
  const tabs: Record<string, string> = {};
  tabIds.forEach((id, i) => {
    const chosen = found[i];
    if (typeof chosen === "string") tabs[id] = chosen;
  });
  return tabs;
}

export async function saveCount(owner: string, buttonId: string, count: number, send: Sender): Promise<void> {
  const next = Math.min(count, ADD_ANOTHER_MAX_COUNT);
  await setMany([[countKey(owner, buttonId), next]]);
  listeners.notify(CHANGED);
  await send("add-another", { button_id: buttonId, num_components: next }, countQueueKey(buttonId));
}

export async function saveTab(owner: string, tabId: string, chosen: string, send: Sender): Promise<void> {
  await setMany([[tabKey(owner, tabId), chosen]]);
  listeners.notify(CHANGED);
  await send("tabs", { tab_id: tabId, chosen_tab: chosen }, tabQueueKey(tabId));
}

/**
 * Folds the server's counts and tab choices into the device's copy. A count keeps the larger of the
 * two (counts never go down, as on the server); a tab choice with a change still waiting on this
 * device keeps the device's choice, otherwise the server's wins.
 */
export async function adoptServerChoices(
  owner: string,
  server: { add_another: Record<string, number>; tabs: Record<string, string> },
  pendingKeys: ReadonlySet<string>,
): Promise<void> {
  const entries: [string, unknown][] = [];
  for (const [buttonId, count] of Object.entries(server.add_another)) {
    const local = await get<unknown>(countKey(owner, buttonId));
    if (typeof local !== "number" || local < count) entries.push([countKey(owner, buttonId), count]);
  }
  for (const [tabId, chosen] of Object.entries(server.tabs)) {
    if (!pendingKeys.has(tabQueueKey(tabId))) entries.push([tabKey(owner, tabId), chosen]);
  }
  if (entries.length === 0) return;
  await setMany(entries);
  listeners.notify(CHANGED);
}
