import type { EngineContext, FormPage } from "../catalogue-types";
import { indexCatalogue, type KeyEntry } from "./catalogue-index";
import { type CheckEnv, missingMessage } from "./check-env";
import { checkQuestion } from "./field-checks";
import { withHost } from "./host-text";
import { answerKeysOf } from "./question-keys";
import { type TabChoices, visiblePage } from "./visibility";

export type ValidateOptions = {
  /** False while typing: format checks only. Default true. */
  includeRequired?: boolean;
  /** Default true: validation is what a signed-in applicant's submission is held to. */
  signedIn?: boolean;
  /** Add-another counts by button id (default 1 block, or as many as hold answers). */
  counts?: Readonly<Record<string, number>>;
  /** Chosen tab by tab id; only the chosen (else default) tab's questions are checked. */
  tabs?: TabChoices;
};

/** A repeated block's own message prefix, else its section's (e.g. "Parent 1/Guardian 1: "). */
export function messagePrefixOf(entry: KeyEntry | undefined): string {
  if (!entry) return "";
  const { repeat, messagePrefix } = entry.section;
  const block = entry.prefix === null || !repeat ? -1 : repeat.prefixes.indexOf(entry.prefix);
  return repeat?.messagePrefixes?.[block] ?? messagePrefix ?? "";
}

/**
 * Spec §5 schema validation of the VISIBLE questions of `pages`: every error of every key,
 * de-duplicated, in catalogue order; a month/year pair shares its errors; each message gets its
 * block's or section's message prefix and `{host}` replaced by the institution's name. Keys without errors
 * are absent.
 */
export function validateAnswers(
  pages: readonly FormPage[],
  answers: Readonly<Record<string, string>>,
  ctx: EngineContext,
  opts: ValidateOptions = {},
): Record<string, string[]> {
  const index = indexCatalogue(pages);
  const errors = new Map<string, Set<string>>();
  for (const page of pages) {
    const shown = visiblePage(page, answers, {
      signedIn: opts.signedIn ?? true,
      counts: opts.counts ?? {},
      tabs: opts.tabs ?? {},
    });
    const questions = shown.flatMap(({ blocks }) => blocks.flatMap((block) => block.questions));
    const env: CheckEnv = {
      answers,
      today: ctx.today,
      includeRequired: opts.includeRequired ?? true,
      visibleKeys: new Set(questions.flatMap(answerKeysOf)),
      labelOf: (key) => {
        const question = index.byKey.get(key)?.question;
        return question ? missingMessage(question) : key;
      },
    };
    for (const [key, message] of questions.flatMap((question) => checkQuestion(question, env))) {
      if (!env.visibleKeys.has(key)) continue;
      const prefix = messagePrefixOf(index.byKey.get(key));
      const messages = errors.get(key) ?? new Set<string>();
      messages.add(withHost(prefix + (ctx.translate?.(message) ?? message), ctx.hostName));
      errors.set(key, messages);
    }
  }
  return Object.fromEntries([...errors].map(([key, messages]) => [key, [...messages]]));
}
