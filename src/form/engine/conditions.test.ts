import { describe, expect, it } from "vitest";
import type { Condition, Rule } from "../catalogue-types";
import { evaluateRule, renameRuleKeys, ruleKeys } from "./conditions";

const rule = (operator: Condition["operator"], target?: Condition["target"]): Condition => ({
  valueKey: "x",
  operator,
  ...(target === undefined ? {} : { target }),
});
const holds = (r: Rule, x: string | undefined) => evaluateRule(r, x === undefined ? {} : { x });

describe("a rule compares one answer", () => {
  it("equals and notEquals compare as strings, without trimming", () => {
    expect(holds(rule("equals", "Y"), "Y")).toBe(true);
    expect(holds(rule("equals", "Y"), "N")).toBe(false);
    expect(holds(rule("equals", 4), "4")).toBe(true);
    expect(holds(rule("equals", "4"), "4.0")).toBe(false);
    expect(holds(rule("equals", "Y"), " Y")).toBe(false);
    expect(holds(rule("equals", ""), undefined)).toBe(true);
    expect(holds(rule("notEquals", "Y"), "N")).toBe(true);
    expect(holds(rule("notEquals", "Y"), "Y")).toBe(false);
    expect(holds(rule("notEquals", "Y"), undefined)).toBe(true);
  });

  it.each<[Condition["operator"], string, number, boolean]>([
    ["lt", "9", 10, true],
    ["lt", "10", 10, false],
    ["lte", "10", 10, true],
    ["lte", "10.5", 10, false],
    ["gt", "11", 10, true],
    ["gt", "10", 10, false],
    ["gte", "10", 10, true],
    ["gte", "9.99", 10, false],
    // Numeric, not lexicographic: "9" < "10" as numbers.
    ["lt", "9", 100, true],
    ["gt", " 12 ", 10, true],
  ])("%s compares %j with %d numerically → %s", (operator, value, target, expected) => {
    expect(holds(rule(operator, target), value)).toBe(expected);
  });

  it("numeric operators are false for empty or non-numeric answers and targets", () => {
    for (const operator of ["lt", "lte", "gt", "gte"] as const) {
      expect(holds(rule(operator, 10), "")).toBe(false);
      expect(holds(rule(operator, 10), undefined)).toBe(false);
      expect(holds(rule(operator, 10), "abc")).toBe(false);
      expect(holds(rule(operator, "abc"), "5")).toBe(false);
    }
    // "" must not read as 0.
    expect(holds(rule("lte", 0), "")).toBe(false);
    expect(holds(rule("lte", 0), "0")).toBe(true);
  });

  it("answered means non-empty after trimming; notAnswered is its opposite", () => {
    expect(holds(rule("answered"), "a")).toBe(true);
    expect(holds(rule("answered"), "   ")).toBe(false);
    expect(holds(rule("answered"), undefined)).toBe(false);
    expect(holds(rule("notAnswered"), "  ")).toBe(true);
    expect(holds(rule("notAnswered"), "a")).toBe(false);
  });

  it("in and notIn look the answer up in the target list as strings", () => {
    expect(holds(rule("in", ["2", "3"]), "3")).toBe(true);
    expect(holds(rule("in", [2, 3]), "3")).toBe(true);
    expect(holds(rule("in", ["2", "3"]), "1")).toBe(false);
    expect(holds(rule("in", ["2", "3"]), undefined)).toBe(false);
    expect(holds(rule("notIn", ["NZE", "AUS", "UK"]), "USA")).toBe(true);
    expect(holds(rule("notIn", ["NZE", "AUS", "UK"]), "UK")).toBe(false);
    // A single target reads as a list of one.
    expect(holds(rule("in", "UK"), "UK")).toBe(true);
  });
});

describe("rules combine with all and any", () => {
  const answers = { a: "Y", b: "N" };
  const aYes: Condition = { valueKey: "a", operator: "equals", target: "Y" };
  const bYes: Condition = { valueKey: "b", operator: "equals", target: "Y" };

  it("all needs every part, any needs one", () => {
    expect(evaluateRule({ all: [aYes, bYes] }, answers)).toBe(false);
    expect(evaluateRule({ any: [aYes, bYes] }, answers)).toBe(true);
    expect(evaluateRule({ all: [aYes, { any: [bYes, aYes] }] }, answers)).toBe(true);
    expect(evaluateRule({ any: [bYes] }, answers)).toBe(false);
  });

  it("all of nothing holds; any of nothing does not", () => {
    expect(evaluateRule({ all: [] }, {})).toBe(true);
    expect(evaluateRule({ any: [] }, {})).toBe(false);
  });

  it("lists and renames the keys a rule reads", () => {
    const nested: Rule = { all: [aYes, { any: [bYes, { valueKey: "c", operator: "answered" }] }] };
    expect(ruleKeys(nested)).toEqual(["a", "b", "c"]);
    const renamed = renameRuleKeys(nested, (key) => (key === "b" ? "b2" : key));
    expect(ruleKeys(renamed)).toEqual(["a", "b2", "c"]);
    expect(ruleKeys(nested)).toEqual(["a", "b", "c"]);
  });
});
