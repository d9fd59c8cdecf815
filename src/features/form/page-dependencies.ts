import type { FormPage, Question, Rule, Section } from "../../form/catalogue-types";
import { requirementReads } from "../../form/engine/required";
import { sectionQuestions } from "../../form/engine/visibility";

/** The answer keys a rule reads. */
export function ruleKeys(rule: Rule | undefined, into: Set<string> = new Set()): Set<string> {
  if (!rule) return into;
  if ("all" in rule) for (const part of rule.all) ruleKeys(part, into);
  else if ("any" in rule) for (const part of rule.any) ruleKeys(part, into);
  else into.add(rule.valueKey);
  return into;
}

function questionKeys(question: Question, into: Set<string>): void {
  ruleKeys(question.visibleWhen, into);
  if (question.kind === "conditionalSelect") into.add(question.controllerKey);
  for (const key of requirementReads(question)) into.add(key);
}

/** A repeated section's keys for every block: "legacy_x" → "legacy_2_x", "legacy_3_x"… */
function withRepeatPrefixes(section: Section, keys: Set<string>): Set<string> {
  const [first, ...others] = section.repeat?.prefixes ?? [];
  if (first === undefined) return keys;
  for (const key of [...keys]) {
    if (!key.startsWith(first)) continue;
    for (const prefix of others) keys.add(prefix + key.slice(first.length));
  }
  return keys;
}

/**
 * Every answer key that decides what a page shows: section and question visibility rules, the
 * rules of condition groups, conditional selects' controllers, and the conditions of requirements
 * (which questions are marked required; for repeated sections, in each block; for tabbed sections,
 * in every tab). The page view
 * subscribes to these and nothing else, so typing in a text field does not re-render the page.
 */
export function pageDependencyKeys(page: FormPage): string[] {
  const all = new Set<string>();
  for (const section of page.sections) {
    const keys = ruleKeys(section.visibleWhen);
    for (const group of section.groups ?? []) for (const entry of group.cases) ruleKeys(entry.when, keys);
    for (const question of sectionQuestions(section)) questionKeys(question, keys);
    for (const key of withRepeatPrefixes(section, keys)) all.add(key);
  }
  return [...all].sort();
}
