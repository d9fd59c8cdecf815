import { describe, expect, it } from "vitest";
import type { Question } from "../catalogue-types";
import type { CheckEnv } from "./check-env";
import { countryKeyFor, runCustomCheck } from "./custom-checks";

const preference: Question = {
  kind: "radio",
  key: "parent_communication_preference",
  label: "Who?",
  options: { list: "communicationPreferences" },
};
const env = (answers: Record<string, string>): CheckEnv => ({
  answers,
  today: new Date(2026, 0, 15),
  includeRequired: true,
  // Every key shown: the check itself must pick the parents to check.
  visibleKeys: new Set(Object.keys(answers)),
  labelOf: (key) => key,
});

describe("parentContact on its own", () => {
  it("checks Parent 2 only for preference 2, whatever is shown", () => {
    const found = runCustomCheck(
      "parentContact",
      preference,
      env({ parent_communication_preference: "1", parent_2_phone: "" }),
    );
    expect(found.map(([key]) => key)).toEqual(["parent_email_address", "parent_phone"]);
    const both = runCustomCheck("parentContact", preference, env({ parent_communication_preference: "2" }));
    expect(both.map(([key]) => key)).toEqual([
      "parent_email_address",
      "parent_phone",
      "parent_2_email_address",
      "parent_2_phone",
    ]);
  });
});

describe("address checks find their country by key", () => {
  it("maps a prefixed state or ZIP key to the same address's country", () => {
    expect(countryKeyFor("state", "state")).toBe("country");
    expect(countryKeyFor("parent_2_zip", "zip")).toBe("parent_2_country");
    expect(countryKeyFor("city", "zip")).toBeUndefined();
  });
});
