import type { FormPage, Section } from "../catalogue-types";
import { answerKeysOf } from "./question-keys";
import { expandRepeat, groupHiddenKeys, isQuestionShown, isSectionShown, repeatCapacity } from "./visibility";

type Answers = Readonly<Record<string, string>>;

/** Every key a section declares, in every block of a repeated section. */
export function sectionKeys(section: Section): string[] {
  return expandRepeat(section, repeatCapacity(section)).flatMap((block) =>
    block.questions.flatMap(answerKeysOf),
  );
}

/**
 * The keys the answers' rules hide, i.e. the keys to clear once they become hidden: a hidden
 * section's `clearsKeys` (default: all its keys), and in shown sections the keys of hidden
 * questions in every block. Audience and add-another counts hide nothing here: they change what
 * is displayed, never what is kept.
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
      for (const block of expandRepeat(section, repeatCapacity(section))) {
        for (const question of block.questions) {
          if (isQuestionShown(question, answers, groupHidden)) continue;
          for (const key of answerKeysOf(question)) hidden.add(key);
        }
      }
    }
  }
  return hidden;
}
