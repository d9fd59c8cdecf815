import type { Check, Question, Section } from "../catalogue-types";
import { renameRuleKeys } from "./conditions";
import { answerKeysOf } from "./question-keys";

/**
 * A renaming from the first block's keys to another prefix's: only keys the section's own
 * questions declare (and that start with the first prefix) change; rules may still read keys from
 * elsewhere in the form.
 */
export function prefixRenamer(section: Section, prefix: string): (key: string) => string {
  const first = section.repeat?.prefixes[0];
  if (first === undefined || prefix === first) return (key) => key;
  const own = new Set(section.questions.flatMap(answerKeysOf));
  return (key) => (own.has(key) && key.startsWith(first) ? prefix + key.slice(first.length) : key);
}

function renameCheck(check: Check, rename: (key: string) => string): Check {
  if ((check.type === "required" || check.type === "number") && check.when) {
    return { ...check, when: renameRuleKeys(check.when, rename) };
  }
  return check;
}

/** A question of a repeated section rewritten for another block: its keys, rules and fills. */
export function renameQuestion(question: Question, rename: (key: string) => string): Question {
  const base = {
    key: rename(question.key),
    ...(question.visibleWhen ? { visibleWhen: renameRuleKeys(question.visibleWhen, rename) } : {}),
    ...(question.checks ? { checks: question.checks.map((check) => renameCheck(check, rename)) } : {}),
  };
  switch (question.kind) {
    case "monthYear":
      return { ...question, ...base, monthKey: rename(question.monthKey), yearKey: rename(question.yearKey) };
    case "conditionalSelect":
      return { ...question, ...base, controllerKey: rename(question.controllerKey) };
    case "autocomplete": {
      const fills = question.fills
        ? Object.fromEntries(Object.entries(question.fills).map(([field, key]) => [field, rename(key)]))
        : undefined;
      return {
        ...question,
        ...base,
        ...(fills ? { fills } : {}),
        ...(question.idKey ? { idKey: rename(question.idKey) } : {}),
      };
    }
    default:
      return { ...question, ...base };
  }
}
