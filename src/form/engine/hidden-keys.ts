import type { FormPage, Section } from "../catalogue-types";
import { answerKeysOf } from "./question-keys";
import { declaredBlocks, groupHiddenKeys, isQuestionShown, isSectionShown } from "./visibility";

type Answers = Readonly<Record<string, string>>;

/** Every key a section declares, in every block of a repeated section and every tab. */
export function sectionKeys(section: Section): string[] {
  return declaredBlocks(section).flatMap((block) => block.questions.flatMap(answerKeysOf));
}

/**
 * The keys the answers' rules hide, i.e. the keys to clear once they become hidden: a hidden
 * section's `clearsKeys` (default: all its keys), and in shown sections the keys of hidden
 * questions in every block and every tab. Audience, add-another counts and the chosen tab hide
 * nothing here: they change what is displayed, never what is kept (leaving a tab clears through
 * `switchTab`).
 */
export function hiddenAnswerKeys(pages: readonly FormPage[], answers: Answers): Set<string> {
  const hidden = new Set<string>();
  for (const page of pages) {
    const groupHidden = groupHiddenKeys(page.sections, answers);
    for (const section of page.sections) {
      if (!isSectionShown(section, answers)) {
        for (const key of section.clearsKeys ?? sectionKeys(section)) hidden.add(key);
        continue;
      }
      for (const block of declaredBlocks(section)) {
        for (const question of block.questions) {
          if (isQuestionShown(question, answers, groupHidden)) continue;
          for (const key of answerKeysOf(question)) hidden.add(key);
        }
      }
    }
  }
  return hidden;
}
