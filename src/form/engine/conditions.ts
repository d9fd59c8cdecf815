import type { Condition, Rule } from "../catalogue-types";

type Answers = Readonly<Record<string, string>>;

function targetList(target: Condition["target"]): string[] {
  if (target === undefined) return [];
  return Array.isArray(target) ? target.map(String) : [String(target)];
}

/** A number, or undefined for an empty or non-numeric text ("" must not read as 0). */
function toNumber(value: string | number | undefined): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  const text = (value ?? "").trim();
  if (text === "") return undefined;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : undefined;
}

function compareNumbers(value: string, target: Condition["target"], test: (a: number, b: number) => boolean) {
  const a = toNumber(value);
  const b = Array.isArray(target) ? undefined : toNumber(target as string | number | undefined);
  return a !== undefined && b !== undefined && test(a, b);
}

function evaluateCondition(condition: Condition, answers: Answers): boolean {
  const value = answers[condition.valueKey] ?? "";
  const { target } = condition;
  switch (condition.operator) {
    case "equals":
      return value === String(target ?? "");
    case "notEquals":
      return value !== String(target ?? "");
    case "lt":
      return compareNumbers(value, target, (a, b) => a < b);
    case "lte":
      return compareNumbers(value, target, (a, b) => a <= b);
    case "gt":
      return compareNumbers(value, target, (a, b) => a > b);
    case "gte":
      return compareNumbers(value, target, (a, b) => a >= b);
    case "answered":
      return value.trim() !== "";
    case "notAnswered":
      return value.trim() === "";
    case "in":
      return targetList(target).includes(value);
    case "notIn":
      return !targetList(target).includes(value);
  }
}

/**
 * Spec §3 conditional rule. equals/notEquals and in/notIn compare as strings; lt…gte compare
 * numbers and are false when either side is empty or not a number; answered means non-empty after
 * trimming. `all` of nothing holds, `any` of nothing does not.
 */
export function evaluateRule(rule: Rule, answers: Answers): boolean {
  if ("all" in rule) return rule.all.every((part) => evaluateRule(part, answers));
  if ("any" in rule) return rule.any.some((part) => evaluateRule(part, answers));
  return evaluateCondition(rule, answers);
}

/** Every answer key a rule reads. */
export function ruleKeys(rule: Rule | undefined): string[] {
  if (!rule) return [];
  if ("all" in rule) return rule.all.flatMap(ruleKeys);
  if ("any" in rule) return rule.any.flatMap(ruleKeys);
  return [rule.valueKey];
}

/** The same rule reading renamed keys (used for the later blocks of a repeated section). */
export function renameRuleKeys(rule: Rule, rename: (key: string) => string): Rule {
  if ("all" in rule) return { all: rule.all.map((part) => renameRuleKeys(part, rename)) };
  if ("any" in rule) return { any: rule.any.map((part) => renameRuleKeys(part, rename)) };
  return { ...rule, valueKey: rename(rule.valueKey) };
}
