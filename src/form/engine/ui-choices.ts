import { ADD_ANOTHER_MAX_COUNT } from "../../shared/constants";
import type { FormPage } from "../catalogue-types";
import { repeatCapacity } from "./visibility";

// The choices an applicant makes outside the answers (spec §3 "Add-another" and "Tabs"): which
// add-another buttons and tabbed sections a catalogue declares, so the server can check a stored
// count or tab choice against the same catalogue the client renders.

/**
 * Add-another button id → the most blocks its section can show (its prefixes, at most
 * ADD_ANOTHER_MAX_COUNT). When two sections share a button id, the first declaration wins.
 */
export function repeatButtons(pages: readonly FormPage[]): Map<string, number> {
  const buttons = new Map<string, number>();
  for (const section of pages.flatMap((page) => page.sections)) {
    if (!section.repeat || buttons.has(section.repeat.buttonId)) continue;
    buttons.set(section.repeat.buttonId, Math.min(repeatCapacity(section), ADD_ANOTHER_MAX_COUNT));
  }
  return buttons;
}

/**
 * A tabbed section's `tabs.tabId` → the ids of its tabs, in order. When two sections share a tab
 * id, the first declaration wins.
 */
export function tabbedSections(pages: readonly FormPage[]): Map<string, readonly string[]> {
  const sections = new Map<string, readonly string[]>();
  for (const section of pages.flatMap((page) => page.sections)) {
    if (!section.tabs || sections.has(section.tabs.tabId)) continue;
    sections.set(
      section.tabs.tabId,
      section.tabs.tabs.map((tab) => tab.id),
    );
  }
  return sections;
}
