import { delMany, getMany, setMany } from "idb-keyval";
import type { FormPage } from "../../form/catalogue-types";
import { repeatButtons, tabbedSections } from "../../form/engine/ui-choices";
import type { TabChoices } from "../../form/engine/visibility";
import { ADD_ANOTHER_DEFAULT_COUNT, ADD_ANOTHER_MAX_COUNT } from "../../shared/constants";

// Spec §4 add another and tabs, per signed-in owner. The device's copy (idb-keyval) is what the
// form shows, so it works offline; every change is also queued for the server (PUT /api/add-another,
// PUT /api/tabs) like an answer. At sign-in the server's copy is folded in (`adoptServerChoices`).
// Anonymous visitors' choices are not kept (spec §6).

type Sender = (kind: "add-another" | "tabs", payload: unknown, key: string) => Promise<void>;

export type OwnerChoices = { counts: Record<string, number>; tabs: TabChoices };

const countKey = (owner: string, buttonId: string) => `add-another:${owner}:${buttonId}`;
const tabKey = (owner: string, tabId: string) => `tab:${owner}:${tabId}`;
/** The queue key of a pending change, so a newer change to the same button or tab replaces it. */
export const countQueueKey = (buttonId: string) => `add-another:${buttonId}`;
export const tabQueueKey = (tabId: string) => `tabs:${tabId}`;

const listeners = new Set<() => void>();

/** Called after any stored count or tab choice changes (e.g. to re-check the whole application). */
export function onChoicesChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notifyChanged(): void {
  for (const listener of listeners) listener();
}

/** The owner's stored counts and tab choices for the buttons and tabbed sections of `pages`. */
export async function readChoices(owner: string, pages: readonly FormPage[]): Promise<OwnerChoices> {
  const buttonIds = [...repeatButtons(pages).keys()];
  const tabIds = [...tabbedSections(pages).keys()];
  const found = await getMany<unknown>([
    ...buttonIds.map((id) => countKey(owner, id)),
    ...tabIds.map((id) => tabKey(owner, id)),
  ]);
  const counts: Record<string, number> = {};
  const tabs: Record<string, string> = {};
  buttonIds.forEach((id, i) => {
    const count = found[i];
    if (typeof count === "number") counts[id] = count;
  });
  tabIds.forEach((id, i) => {
    const chosen = found[buttonIds.length + i];
    if (typeof chosen === "string") tabs[id] = chosen;
  });
  return { counts, tabs };
}

export async function saveCount(owner: string, buttonId: string, count: number, send: Sender): Promise<void> {
  const next = Math.min(count, ADD_ANOTHER_MAX_COUNT);
  await setMany([[countKey(owner, buttonId), next]]);
  notifyChanged();
  await send("add-another", { button_id: buttonId, num_components: next }, countQueueKey(buttonId));
}

/**
 * Spec §8 reset of "Error adding another {button}": the device shows the count the server holds
 * (`server`, what GET /api/add-another answered; the default when it holds none), unless a later
 * change is waiting to be sent. Blocks that hold answers stay shown whatever the count (the engine
 * never hides them).
 */
export async function adoptServerCount(
  owner: string,
  buttonId: string,
  server: Record<string, number>,
  pendingKeys: ReadonlySet<string>,
): Promise<void> {
  if (pendingKeys.has(countQueueKey(buttonId))) return;
  await setMany([[countKey(owner, buttonId), server[buttonId] ?? ADD_ANOTHER_DEFAULT_COUNT]]);
  notifyChanged();
}

/**
 * Spec §8 reset of "Error handling tabs for {tab}": the device shows the tab the server holds
 * (`server`, what GET /api/tabs answered; the default tab when it holds none), unless a later
 * choice is waiting to be sent.
 */
export async function adoptServerTab(
  owner: string,
  tabId: string,
  server: Record<string, string>,
  pendingKeys: ReadonlySet<string>,
): Promise<void> {
  if (pendingKeys.has(tabQueueKey(tabId))) return;
  const chosen = server[tabId];
  if (chosen === undefined) await delMany([tabKey(owner, tabId)]);
  else await setMany([[tabKey(owner, tabId), chosen]]);
  notifyChanged();
}

export async function saveTab(owner: string, tabId: string, chosen: string, send: Sender): Promise<void> {
  await setMany([[tabKey(owner, tabId), chosen]]);
  notifyChanged();
  await send("tabs", { tab_id: tabId, chosen_tab: chosen }, tabQueueKey(tabId));
}

/**
 * Folds the server's counts and tab choices into the device's copy: the server's wins unless a
 * change to the same count or tab is still waiting on this device (a block removed on another
 * device is gone here too, issue 37; the engine never hides a block that holds answers).
 */
export async function adoptServerChoices(
  owner: string,
  server: { add_another: Record<string, number>; tabs: Record<string, string> },
  pendingKeys: ReadonlySet<string>,
): Promise<void> {
  const entries: [string, unknown][] = [];
  for (const [buttonId, count] of Object.entries(server.add_another)) {
    if (!pendingKeys.has(countQueueKey(buttonId))) entries.push([countKey(owner, buttonId), count]);
  }
  for (const [tabId, chosen] of Object.entries(server.tabs)) {
    if (!pendingKeys.has(tabQueueKey(tabId))) entries.push([tabKey(owner, tabId), chosen]);
  }
  if (entries.length === 0) return;
  await setMany(entries);
  notifyChanged();
}
