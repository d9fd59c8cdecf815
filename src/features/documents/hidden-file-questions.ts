import type { FormPage } from "../../form/catalogue-types";
import { fileQuestionKeys } from "../../form/engine/file-questions";
import { hiddenAnswerKeys } from "../../form/engine/hidden-keys";
import { pageDependencyKeys } from "../form/page-dependencies";

type Answers = Readonly<Record<string, string>>;

/**
 * Spec §4 "hidden sections clear their answer keys", for file questions: a question that an answer
 * hides loses its document too (decision 0014), as a hidden text answer is cleared, so what the
 * university receives is what the applicant sees. Returns a function that, given the keys one
 * change wrote and the answers after it, names the file questions now hidden (cheaply nothing when
 * the change touched no key that decides what a page with a file question shows). What it reads of
 * the catalogue is worked out at the first change, not when the module loads (issue 15).
 */
export function hiddenFileQuestionFinder(
  pages: readonly FormPage[],
): (changes: Readonly<Record<string, string>>, answers: Answers) => string[] {
  let keys: { files: Set<string>; controlling: Set<string> } | undefined;
  const keysOf = () => {
    const withFiles = pages.filter((page) => fileQuestionKeys([page]).size > 0);
    return { files: fileQuestionKeys(pages), controlling: new Set(withFiles.flatMap(pageDependencyKeys)) };
  };
  return (changes, answers) => {
    keys ??= keysOf();
    const { files, controlling } = keys;
    if (!Object.keys(changes).some((key) => controlling.has(key))) return [];
    const hidden = hiddenAnswerKeys(pages, answers);
    return [...files].filter((key) => hidden.has(key));
  };
}
