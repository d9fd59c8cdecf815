import { describe, expect, it } from "vitest";
import { ABOUT_KEYS } from "../answer-keys";
import type { Question } from "../catalogue-types";
import { answerKeysOf } from "../engine/question-keys";
import { expandRepeat } from "../engine/visibility";
import { resolveOptions } from "../options/resolve-options";
import { aboutPage } from "./about";

const questions = aboutPage.sections.flatMap((section) =>
  expandRepeat(section, section.repeat?.prefixes.length ?? 1).flatMap((block) => block.questions),
);
const byKey = new Map(questions.map((question) => [question.key, question]));
const tokenOf = (key: string) => {
  const question = byKey.get(key) as (Question & { autoComplete?: string }) | undefined;
  return question?.autoComplete;
};

describe("About You page", () => {
  it("declares exactly the data model's About You keys", () => {
    expect(questions.flatMap(answerKeysOf).sort()).toEqual([...ABOUT_KEYS].sort());
  });

  it("offers Transfer (1), Second Degree (3) and Accelerated (4)", () => {
    const appType = byKey.get("app_type");
    expect(appType?.kind).toBe("radio");
    if (appType?.kind !== "radio") return;
    expect(resolveOptions(appType.options, new Date()).slice(1)).toEqual([
      { value: "1", label: "Transfer" },
      { value: "3", label: "Second Degree" },
      { value: "4", label: "Accelerated" },
    ]);
  });

  it("searches addresses and fills the rest of the same address", () => {
    expect(byKey.get("address_line_1")).toMatchObject({
      kind: "autocomplete",
      category: "address",
      fills: { city: "city", state: "state", zip: "zip", country: "country" },
    });
    expect(byKey.get("parent_2_address_line_1")).toMatchObject({
      fills: {
        city: "parent_2_city",
        state: "parent_2_state",
        zip: "parent_2_zip",
        country: "parent_2_country",
      },
    });
  });

  it("gives the applicant's own fields HTML autocomplete tokens", () => {
    expect(tokenOf("first_name")).toBe("given-name");
    expect(tokenOf("last_name")).toBe("family-name");
    expect(tokenOf("birth_date")).toBe("bday");
    expect(tokenOf("phone_mobile")).toBe("mobile tel-national");
    expect(tokenOf("address_line_1")).toBe("address-line1");
    expect(tokenOf("zip")).toBe("postal-code");
    expect(tokenOf("country")).toBe("country");
    expect(tokenOf("mailing_city")).toBe("section-mailing address-level2");
    // Someone else's details get none: the browser would fill in the applicant's own.
    expect(tokenOf("parent_first_name")).toBeUndefined();
    expect(tokenOf("parent_city")).toBeUndefined();
  });

  it("lists legacy graduation years for the past 80 years", () => {
    const gradYear = byKey.get("legacy_4_grad_year");
    expect(gradYear).toMatchObject({ kind: "select", options: { years: { count: 80, direction: "past" } } });
  });
});
