// Small builders that keep the page files readable as data.
import type { Condition, Question, RadioQuestion } from "../catalogue-types";

export const whenEquals = (valueKey: string, target: string): Condition => ({
  valueKey,
  operator: "equals",
  target,
});
export const whenIn = (valueKey: string, target: readonly string[]): Condition => ({
  valueKey,
  operator: "in",
  target,
});
export const whenYes = (valueKey: string): Condition => whenEquals(valueKey, "Y");
export const whenNo = (valueKey: string): Condition => whenEquals(valueKey, "N");
/** While a checkbox ("true" / "false", spec §4) is not ticked: what it confirms is still asked. */
export const whenUnticked = (valueKey: string): Condition => ({
  valueKey,
  operator: "notEquals",
  target: "true",
});

/** A Y/N radio (spec §3 answer values). */
export function yesNoQuestion(
  key: string,
  label: string,
  extra: Partial<Omit<RadioQuestion, "kind">> = {},
): Question {
  return { kind: "radio", key, label, options: { list: "yesNo" }, ...extra };
}
