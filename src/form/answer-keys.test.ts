import { describe, expect, it } from "vitest";
import { partner } from "../config/partner";
import type { PageId } from "./answer-keys";
import {
  ABOUT_KEYS,
  ANSWER_KEYS,
  EDUCATION_KEYS,
  FINAL_STEPS_KEYS,
  isKnownAnswerKey,
  PAGE_OF_KEY,
} from "./answer-keys";

const ALL_PAGE_KEYS = [...ABOUT_KEYS, ...EDUCATION_KEYS, ...FINAL_STEPS_KEYS];

describe("answer keys", () => {
  it("has no duplicates within a page", () => {
    for (const keys of [ABOUT_KEYS, EDUCATION_KEYS, FINAL_STEPS_KEYS]) {
      expect(new Set(keys).size).toBe(keys.length);
    }
  });

  it("has no key on two pages", () => {
    expect(ANSWER_KEYS.size).toBe(ALL_PAGE_KEYS.length);
    expect(PAGE_OF_KEY.size).toBe(ALL_PAGE_KEYS.length);
  });

  it("puts every key of a page in the union", () => {
    for (const key of ALL_PAGE_KEYS) {
      expect(ANSWER_KEYS.has(key)).toBe(true);
    }
  });

  it.each<[string, PageId]>([
    ["first_name", "about"],
    ["mailing_zip", "about"],
    ["parent_address_line_1", "about"],
    ["parent_2_email_address", "about"],
    ["parent_2_city", "about"],
    ["parent_communication_preference", "about"],
    [`${partner.hostKey}_employee`, "about"],
    [`${partner.hostKey}_employee_first_name`, "about"],
    [`legacy_${partner.hostKey}`, "about"],
    ["legacy_4_grad_year", "about"],
    ["college_gpa", "education"],
    ["college_3_gpa", "education"],
    ["hs_ceeb", "education"],
    ["toefl_test_taken", "education"],
    ["pmhpp_program", "education"],
    ["legal_agree", "final-steps"],
    ["counselor_waiver_request", "final-steps"],
  ])("knows %s on page %s", (key, page) => {
    expect(isKnownAnswerKey(key)).toBe(true);
    expect(PAGE_OF_KEY.get(key)).toBe(page);
  });

  it("expands the host placeholder with the partner host key", () => {
    expect(partner.hostKey).toBe("northbridge");
    expect(isKnownAnswerKey("northbridge_employee")).toBe(true);
    expect(ANSWER_KEYS.has("{host}_employee")).toBe(false);
  });

  it("accepts one _desc companion of a model key", () => {
    expect(isKnownAnswerKey("first_name_desc")).toBe(true);
    expect(isKnownAnswerKey("college_3_degree_desc")).toBe(true);
    expect(PAGE_OF_KEY.has("first_name_desc")).toBe(false);
  });

  it.each([
    "bogus",
    "",
    "_desc",
    "bogus_desc",
    "first_name_desc_desc",
    "__proto__",
    "constructor",
    "college_4_gpa",
    "legacy_5_grad_year",
  ])("rejects %j", (key) => {
    expect(isKnownAnswerKey(key)).toBe(false);
  });
});
