import type { Section } from "../catalogue-types";
import { answerKeysOf } from "./question-keys";

type Answers = Readonly<Record<string, string>>;

/**
 * Spec §4 tabs: what to write when the applicant leaves tab `from` of a section for tab `to` — the
 * left tab's `clearsKeys` (default: its questions' keys) and their `_desc` companions, each set to
 * "", and only those that hold something now. Nothing when the tabs are the same or unknown.
 */
export function switchTab(
  section: Section,
  from: string,
  to: string,
  answers: Answers,
): Record<string, string> {
  const tabs = section.tabs?.tabs ?? [];
  const left = tabs.find((tab) => tab.id === from);
  if (!left || from === to || !tabs.some((tab) => tab.id === to)) return {};
  const keys = left.clearsKeys ?? left.questions.flatMap(answerKeysOf);
  const cleared: Record<string, string> = {};
  for (const key of keys.flatMap((key) => [key, `${key}_desc`])) {
    if ((answers[key] ?? "") !== "") cleared[key] = "";
  }
  return cleared;
}
