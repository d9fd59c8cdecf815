import type { Check, FormPage, Question } from "../catalogue-types";
import { evaluateRule, ruleKeys } from "./conditions";
import { customRequiredKeys, customRequirementReads } from "./custom-checks";
import { checkedKeys } from "./field-checks";
import { answerKeysOf } from "./question-keys";
import { type VisibilityOptions, type VisibleSection, visiblePage } from "./visibility";

// Spec §5 requirements as state, before anything is submitted: which answers the applicant must
// give, given the answers so far. The form marks those questions (and exposes them as required to
// assistive technology); validation reports the same answers as missing. Both read the
// catalogue's checks, so a conditional requirement (a state for the United States, a cell phone
// for text messages) appears exactly when its condition holds. No React here.

type Answers = Readonly<Record<string, string>>;

function keysRequiredBy(check: Check, question: Question, answers: Answers): string[] {
  switch (check.type) {
    case "required":
      return !check.when || evaluateRule(check.when, answers) ? checkedKeys(question) : [];
    case "mustBeTrue":
      return checkedKeys(question);
    case "custom":
      return customRequiredKeys(check.check, question, answers);
    default:
      return [];
  }
}

/**
 * The answer keys the questions shown require, given the answers. A check may require a key of
 * another question (the parent contact check, declared on the preference, requires the parents'
 * e-mail and phone): only keys of questions that are shown count.
 */
export function requiredKeys(shown: readonly VisibleSection[], answers: Answers): Set<string> {
  const questions = shown.flatMap(({ blocks }) => blocks.flatMap((block) => block.questions));
  const visible = new Set(questions.flatMap(answerKeysOf));
  const required = new Set<string>();
  for (const question of questions) {
    for (const check of question.checks ?? []) {
      for (const key of keysRequiredBy(check, question, answers)) if (visible.has(key)) required.add(key);
    }
  }
  return required;
}

/** `requiredKeys` of a page as the viewer sees it. */
export function requiredKeysOfPage(
  page: FormPage,
  answers: Answers,
  options?: VisibilityOptions,
): Set<string> {
  return requiredKeys(visiblePage(page, answers, options), answers);
}

/** A question is required when any of its answer keys is (a month/year pair: both halves). */
export function isQuestionRequired(question: Question, required: ReadonlySet<string>): boolean {
  return answerKeysOf(question).some((key) => required.has(key));
}

/** The answer keys whose value decides what a question's checks require (their conditions). */
export function requirementReads(question: Question): string[] {
  return (question.checks ?? []).flatMap((check) => {
    if (check.type === "required") return ruleKeys(check.when);
    if (check.type === "custom") return customRequirementReads(check.check, question);
    return [];
  });
}
