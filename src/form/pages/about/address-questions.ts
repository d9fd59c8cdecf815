import type { Check, Question, Rule } from "../../catalogue-types";
import { whenIn } from "../rule-builders";

type AddressOptions = {
  /** HTML autocomplete section, e.g. "section-mailing"; omit the tokens for someone else's address. */
  tokens?: "" | `section-${string}`;
  /** Spec §5: the applicant's own address, country and city are required. */
  required?: boolean;
  visibleWhen?: Rule;
};

/**
 * One address with the keys `${prefix}country`, `${prefix}address_line_1`, … Country comes first:
 * it decides the state list and whether a ZIP/postal code is asked. The state is a conditional
 * select on the country (U.S. states for USA, provinces for CAN, not shown otherwise), so the one
 * `state` key is cleared whenever the country changes (spec §4).
 */
export function addressQuestions(prefix: string, options: AddressOptions = {}): Question[] {
  const token = (name: string) =>
    options.tokens === undefined ? {} : { autoComplete: options.tokens ? `${options.tokens} ${name}` : name };
  const required: Check[] = options.required ? [{ type: "required" }] : [];
  const shown = options.visibleWhen ? { visibleWhen: options.visibleWhen } : {};
  const country = `${prefix}country`;
  return [
    {
      kind: "select",
      key: country,
      label: "Country",
      options: { list: "countries" },
      checks: required,
      ...shown,
      ...token("country"),
    },
    {
      kind: "autocomplete",
      key: `${prefix}address_line_1`,
      label: "Address",
      description: "Start typing to search for your street address, or type it in full.",
      category: "address",
      fills: { city: `${prefix}city`, state: `${prefix}state`, zip: `${prefix}zip`, country },
      checks: required,
      ...shown,
      ...token("address-line1"),
    },
    {
      kind: "text",
      key: `${prefix}address_line_2`,
      label: "Address Line 2",
      description: "Apartment, suite, unit or building, if any.",
      ...shown,
      ...token("address-line2"),
    },
    {
      kind: "text",
      key: `${prefix}city`,
      label: "City",
      checks: required,
      ...shown,
      ...token("address-level2"),
    },
    {
      kind: "conditionalSelect",
      key: `${prefix}state`,
      label: "State/Province",
      controllerKey: country,
      mode: "displayAndOptions",
      options: { USA: { list: "usStates" }, CAN: { list: "canadianProvinces" } },
      checks: [{ type: "custom", check: "stateForUsaCan" }],
      ...shown,
      ...token("address-level1"),
    },
    {
      kind: "text",
      key: `${prefix}zip`,
      label: "ZIP/Postal Code",
      maxLength: 10,
      visibleWhen: options.visibleWhen
        ? { all: [options.visibleWhen, whenIn(country, ["USA", "CAN"])] }
        : whenIn(country, ["USA", "CAN"]),
      checks: [{ type: "custom", check: "zipForUsa" }],
      ...token("postal-code"),
    },
  ];
}
