// Answers found by a lookup (autocomplete details, ZIP assist) go through the one write path.
import { indexCatalogue } from "../../form/engine/catalogue-index";
import { codedSource } from "../../form/engine/question-keys";
import { optionLabel } from "../../form/options/resolve-options";
import { formPages } from "../../form/pages/form-pages";
import { answerStore } from "../answers/answer-session";
import { pageDependencyKeys } from "./page-dependencies";
import { setAnswer } from "./set-answer";

let controllers: Set<string> | undefined;

/**
 * Sets answers found by a lookup: a coded answer only when the value is one of its options (the
 * engine adds the label as `_desc`), and with `onlyEmpty` only where the applicant has not
 * answered yet. Answers that others depend on go first (a country before its state), since
 * setting them may clear their dependants. Returns the keys it set.
 */
export function fillAnswers(
  values: Readonly<Record<string, string>>,
  options: { onlyEmpty?: boolean } = {},
): string[] {
  controllers ??= new Set(formPages.flatMap(pageDependencyKeys));
  const known = controllers;
  const rank = (key: string) => (known.has(key) ? 0 : 1);
  const index = indexCatalogue(formPages);
  const written: string[] = [];
  for (const [key, value] of Object.entries(values).sort(([a], [b]) => rank(a) - rank(b))) {
    if (value === "" || (options.onlyEmpty && answerStore.get(key) !== "")) continue;
    const entry = index.byKey.get(key);
    const source = entry ? codedSource(entry.question, key, answerStore.all()) : undefined;
    if (source && optionLabel(source, value) === undefined) continue;
    setAnswer(key, value);
    written.push(key);
  }
  return written;
}
