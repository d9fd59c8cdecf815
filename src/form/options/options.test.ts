import { describe, expect, it } from "vitest";
import type { OptionListId } from "../catalogue-types";
import { countries, countriesWithoutUs } from "./countries";
import { OPTION_LISTS } from "./option-lists";
import { languages } from "./personal";
import { canadianProvinces, statesAndProvinces, usStates } from "./regions";
import { optionLabel, resolveOptions } from "./resolve-options";

const today = new Date(2026, 0, 15);
const values = (list: readonly { value: string }[]) => list.map((option) => option.value);
const listOf = (list: OptionListId) => resolveOptions({ list }, today);

describe("option lists", () => {
  it.each(Object.keys(OPTION_LISTS) as OptionListId[])(
    "%s starts with '--' and has unique, labelled options",
    (id) => {
      const list = OPTION_LISTS[id];
      expect(list[0]).toEqual({ value: "", label: "--" });
      expect(list.length).toBeGreaterThan(1);
      expect(new Set(values(list)).size).toBe(list.length);
      for (const option of list.slice(1)) {
        expect(option.value).not.toBe("");
        expect(option.label.trim()).not.toBe("");
      }
    },
  );

  it("puts the United States second in countries and leaves it out of countriesWithoutUs", () => {
    expect(countries[1]).toEqual({ value: "USA", label: "United States" });
    expect(values(countries).filter((value) => value === "USA")).toHaveLength(1);
    expect(values(countriesWithoutUs)).not.toContain("USA");
    expect(countriesWithoutUs.slice(1)).toEqual(countries.slice(2));
  });

  it("lists the other countries, and the languages before 'Other', in English collation order", () => {
    const byName = (list: readonly { label: string }[]) => {
      const labels = list.map((option) => option.label);
      expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, "en")));
    };
    byName(countries.slice(2));
    expect(countries.length).toBeGreaterThan(200);
    expect(languages.at(-1)).toEqual({ value: "other", label: "Other" });
    byName(languages.slice(1, -1));
  });

  it("uses the spec's codes for USA, CAN, NZE, AUS and UK, and ISO alpha-3 for the rest", () => {
    const byValue = new Map(countries.map((option) => [option.value, option.label]));
    expect(byValue.get("CAN")).toBe("Canada");
    expect(byValue.get("NZE")).toBe("New Zealand");
    expect(byValue.get("AUS")).toBe("Australia");
    expect(byValue.get("UK")).toBe("United Kingdom");
    expect(byValue.has("GBR")).toBe(false);
    expect(byValue.has("NZL")).toBe(false);
    expect(byValue.get("FRA")).toBe("France");
    expect(byValue.get("DEU")).toBe("Germany");
    for (const value of values(countries).slice(1)) {
      if (value !== "UK") expect(value).toMatch(/^[A-Z]{3}$/);
    }
  });

  it("lists the 50 states, DC, the armed-forces codes and the island territories", () => {
    const codes = values(usStates).slice(1);
    expect(codes).toHaveLength(50 + 1 + 3 + 9);
    for (const code of [
      "NY",
      "CA",
      "WY",
      "DC",
      "AA",
      "AE",
      "AP",
      "AS",
      "GU",
      "MP",
      "PR",
      "VI",
      "UM",
      "FM",
      "MH",
      "PW",
    ]) {
      expect(codes).toContain(code);
    }
    expect(usStates.find((option) => option.value === "NY")?.label).toBe("New York");
  });

  it("lists Canada's 13 provinces and territories, and both lists together without clashes", () => {
    expect(values(canadianProvinces).slice(1)).toEqual([
      "AB",
      "BC",
      "MB",
      "NB",
      "NL",
      "NT",
      "NS",
      "NU",
      "ON",
      "PE",
      "QC",
      "SK",
      "YT",
    ]);
    expect(statesAndProvinces).toHaveLength(1 + 63 + 13);
  });

  it("names the months, valued 1 to 12", () => {
    expect(listOf("months").slice(1, 3)).toEqual([
      { value: "1", label: "January" },
      { value: "2", label: "February" },
    ]);
    expect(listOf("months").at(-1)).toEqual({ value: "12", label: "December" });
    expect(listOf("months")).toHaveLength(13);
  });

  it("has the spec's codes for coded answers", () => {
    expect(values(listOf("yesNo"))).toEqual(["", "Y", "N"]);
    expect(values(listOf("citizenshipTypes"))).toEqual(["", "1", "2", "3", "4"]);
    expect(values(listOf("communicationPreferences"))).toEqual(["", "1", "2", "3"]);
    expect(values(listOf("giBillChapters"))).toEqual(["", "30", "31", "33", "35", "1606", "1607"]);
    expect(listOf("giBillPercents").slice(1)).toEqual(
      [40, 50, 60, 70, 80, 90, 100].map((n) => ({ value: String(n), label: `${n}%` })),
    );
    expect(values(listOf("phoneTypes"))).toEqual(["", "cell", "home", "work"]);
    expect(values(listOf("pronouns"))).toEqual(["", "he", "she", "they", "other"]);
    expect(listOf("ethnicities").map((o) => o.label)).toEqual([
      "--",
      "Hispanic or Latino",
      "Not Hispanic or Latino",
    ]);
    expect(values(listOf("educationLevels"))).toContain("other");
  });
});

describe("resolveOptions", () => {
  it("counts year lists back from the current year by default", () => {
    const years = resolveOptions({ years: { count: 3, direction: "past" } }, today);
    expect(years).toEqual([
      { value: "", label: "--" },
      { value: "2026", label: "2026" },
      { value: "2025", label: "2025" },
      { value: "2024", label: "2024" },
    ]);
  });

  it("counts forward, and from a given start year", () => {
    expect(values(resolveOptions({ years: { count: 2, direction: "future" } }, today))).toEqual([
      "",
      "2026",
      "2027",
    ]);
    expect(values(resolveOptions({ years: { count: 3, direction: "past", start: 2000 } }, today))).toEqual([
      "",
      "2000",
      "1999",
      "1998",
    ]);
    expect(resolveOptions({ years: { count: 80, direction: "past" } }, today).at(-1)?.value).toBe("1947");
  });

  it("prepends '--' to an inline list that lacks it, and keeps one that has it", () => {
    const inline = [{ value: "1", label: "Transfer" }];
    expect(resolveOptions({ options: inline }, today)).toEqual([{ value: "", label: "--" }, ...inline]);
    const withEmpty = [{ value: "", label: "--" }, ...inline];
    expect(resolveOptions({ options: withEmpty }, today)).toEqual(withEmpty);
  });

  it("finds an option's label, and a year's without a date", () => {
    expect(optionLabel({ list: "countries" }, "UK")).toBe("United Kingdom");
    expect(optionLabel({ list: "countries" }, "XXX")).toBeUndefined();
    expect(optionLabel({ years: { count: 2, direction: "past" } }, "1999")).toBe("1999");
    expect(optionLabel({ years: { count: 2, direction: "past" } }, "soon")).toBeUndefined();
  });
});
