import type { Section } from "../../form/catalogue-types";
import { answerKeysOf } from "../../form/engine/question-keys";
import { currentLanguage, message as say } from "../../i18n/translations";
import type { TabFile } from "./leave-tab";
import * as m from "./tab-switch-messages";

// What a tab switch's confirmation and undo say (issue 37): what leaving a tab deletes, named as
// the applicant knows it (the question, the file's name), never by answer keys.

/** A tab's label ("Upload a file"), or its id when the section has no such tab. */
export function tabLabel(section: Section, tabId: string): string {
  return section.tabs?.tabs.find((tab) => tab.id === tabId)?.label ?? tabId;
}

/** "24 characters"; in another language its plural rules (Lingui's). */
export const characters = (n: number) =>
  currentLanguage() === "en"
    ? `${n.toLocaleString("en-US")} ${n === 1 ? "character" : "characters"}`
    : say(m.characterCount, { count: n });

function joined(parts: readonly string[]): string {
  if (parts.length <= 1) return parts[0] ?? "";
  return say(m.listAndLast, { list: parts.slice(0, -1).join(", "), last: parts.at(-1) ?? "" });
}

/**
 * What leaving tab `from` deletes: the questions of the tab that hold something in `leaving` (the
 * answers the switch clears, spec §4), and `files`. Null when it deletes nothing (the switch needs
 * no asking).
 */
export function leavingParts(
  section: Section,
  from: string,
  leaving: Readonly<Record<string, string>>,
  files: readonly TabFile[],
): string[] {
  const questions = section.tabs?.tabs.find((tab) => tab.id === from)?.questions ?? [];
  const fileKeys = new Set(files.map((file) => file.key));
  const parts: string[] = [];
  for (const question of questions) {
    if (question.kind === "file") {
      const file = files.find((entry) => entry.key === question.key);
      if (file)
        parts.push(
          file.name ? say(m.yourFile, { file: file.name }) : say(m.yourFileFor, { label: question.label }),
        );
      continue;
    }
    const values = answerKeysOf(question)
      .filter((key) => !fileKeys.has(key))
      .map((key) => leaving[key] ?? "")
      .filter((value) => value.trim() !== "");
    if (values.length === 0) continue;
    parts.push(
      question.kind === "text" || question.kind === "textarea"
        ? say(m.whatYouWrote, { label: question.label, characters: characters(values.join("").length) })
        : say(m.yourAnswerTo, { label: question.label }),
    );
  }
  return parts;
}

/** "what you wrote for “Personal statement” (24 characters)", or null when nothing is deleted. */
export function leavingSummary(
  section: Section,
  from: string,
  leaving: Readonly<Record<string, string>>,
  files: readonly TabFile[],
): string | null {
  const parts = leavingParts(section, from, leaving, files);
  return parts.length > 0 ? joined(parts) : null;
}

/** "Your file statement.docx was deleted." */
export function deletedSentence(summary: string): string {
  const several = / and |, | y /.test(summary);
  const sentence = say(several ? m.wereDeleted : m.wasDeleted, { summary });
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}`;
}
