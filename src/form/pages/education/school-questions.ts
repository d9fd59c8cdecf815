import type { AutocompleteCategory, Check, Question } from "../../catalogue-types";
import { whenIn } from "../rule-builders";

/**
 * A school found by the CEEB lookup (`${prefix}name`, its code in `idKey`) and the address that
 * choosing it fills in: street, city, state (for USA and CAN), ZIP (for USA and CAN) and country.
 * Someone else's address: no autocomplete tokens.
 */
export function schoolQuestions(
  prefix: string,
  category: Extract<AutocompleteCategory, "hs_ceeb" | "college_ceeb">,
  idKey: string,
  nameChecks: readonly Check[],
): Question[] {
  const country = `${prefix}country`;
  return [
    {
      kind: "autocomplete",
      key: `${prefix}name`,
      label: "Search for Your School",
      description:
        "Start typing the school's name and choose it from the list. If it is not listed, type its full name.",
      category,
      idKey,
      fills: {
        address_line_1: `${prefix}address_line_1`,
        city: `${prefix}city`,
        state: `${prefix}state`,
        zip: `${prefix}zip`,
        country,
      },
      checks: nameChecks,
    },
    { kind: "select", key: country, label: "Country", options: { list: "countries" } },
    { kind: "text", key: `${prefix}address_line_1`, label: "Address", maxLength: 100 },
    { kind: "text", key: `${prefix}city`, label: "City" },
    {
      kind: "conditionalSelect",
      key: `${prefix}state`,
      label: "State/Province",
      controllerKey: country,
      mode: "displayAndOptions",
      options: { USA: { list: "usStates" }, CAN: { list: "canadianProvinces" } },
    },
    {
      kind: "text",
      key: `${prefix}zip`,
      label: "ZIP/Postal Code",
      maxLength: 10,
      visibleWhen: whenIn(country, ["USA", "CAN"]),
    },
  ];
}
