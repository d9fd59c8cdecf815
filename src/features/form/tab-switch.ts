import { useCallback, useRef } from "react";
import type { Section } from "../../form/catalogue-types";
import { switchTab } from "../../form/engine/tabs";
import { answerStore } from "../answers/answer-session";
import { setAnswer } from "./set-answer";

/**
 * A signed-in applicant chose tab `to` of `section` while `from` shows. What leaving `from` clears
 * (spec §4) is `leaving`, with the values it holds now. `apply` clears them (through the one write
 * path) and keeps `to` as the choice; `restore`, after `apply`, puts back the values `apply`
 * cleared (but those of `except`) and shows `from` again (an undo).
 */
export type TabSwitchRequest = {
  section: Section;
  from: string;
  to: string;
  leaving: Readonly<Record<string, string>>;
  apply(): void;
  restore(except?: readonly string[]): void;
};

/**
 * Decides a tab switch: whether to `apply` it at once, ask first, or refuse (e.g. a file still
 * uploading). The page's own (`applyAtOnce`) switches at once; the documents feature's asks.
 */
export type TabSwitchHandler = (request: TabSwitchRequest) => Promise<void>;

export const applyAtOnce: TabSwitchHandler = async (request) => request.apply();

/** The answers of `keys` as the device holds them now. */
function valuesOf(keys: readonly string[]): Record<string, string> {
  return Object.fromEntries(keys.map((key) => [key, answerStore.get(key)]));
}

/**
 * The page's tab switches (spec §4): each becomes a request to `handler`; one at a time, signed-in
 * applicants only (visitors see the default tab and no tab list). `choose` keeps a tab choice.
 */
export function useTabSwitching(
  signedIn: boolean,
  choose: (tabId: string, chosen: string) => void,
  handler: TabSwitchHandler,
): (section: Section, from: string, to: string) => Promise<void> {
  const switching = useRef(false);
  return useCallback(
    async (section: Section, from: string, to: string) => {
      const tabs = section.tabs;
      if (!signedIn || !tabs || from === to || switching.current) return;
      switching.current = true;
      const leavingKeys = () => Object.keys(switchTab(section, from, to, answerStore.all()));
      let cleared: Record<string, string> = {};
      try {
        await handler({
          section,
          from,
          to,
          leaving: valuesOf(leavingKeys()),
          apply() {
            cleared = valuesOf(leavingKeys());
            for (const key of Object.keys(cleared)) setAnswer(key, "");
            choose(tabs.tabId, to);
          },
          restore(except = []) {
            for (const [key, value] of Object.entries(cleared)) {
              if (!except.includes(key)) setAnswer(key, value);
            }
            choose(tabs.tabId, from);
          },
        });
      } finally {
        switching.current = false;
      }
    },
    [signedIn, choose, handler],
  );
}
