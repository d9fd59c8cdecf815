import type { Option } from "../catalogue-types";
import { withEmptyOption } from "./empty-option";

function toOptions(pairs: readonly (readonly [string, string])[]): Option[] {
  return pairs.map(([value, label]) => ({ value, label }));
}

/** The 50 states and the District of Columbia (USPS codes), by name. */
const STATES = toOptions([
  ["AL", "Alabama"],
  ["AK", "Alaska"],
  ["AZ", "Arizona"],
  ["AR", "Arkansas"],
  ["CA", "California"],
  ["CO", "Colorado"],
  ["CT", "Connecticut"],
  ["DE", "Delaware"],
  ["DC", "District of Columbia"],
  ["FL", "Florida"],
  ["GA", "Georgia"],
  ["HI", "Hawaii"],
  ["ID", "Idaho"],
  ["IL", "Illinois"],
  ["IN", "Indiana"],
  ["IA", "Iowa"],
  ["KS", "Kansas"],
  ["KY", "Kentucky"],
  ["LA", "Louisiana"],
  ["ME", "Maine"],
  ["MD", "Maryland"],
  ["MA", "Massachusetts"],
  ["MI", "Michigan"],
  ["MN", "Minnesota"],
  ["MS", "Mississippi"],
  ["MO", "Missouri"],
  ["MT", "Montana"],
  ["NE", "Nebraska"],
  ["NV", "Nevada"],
  ["NH", "New Hampshire"],
  ["NJ", "New Jersey"],
  ["NM", "New Mexico"],
  ["NY", "New York"],
  ["NC", "North Carolina"],
  ["ND", "North Dakota"],
  ["OH", "Ohio"],
  ["OK", "Oklahoma"],
  ["OR", "Oregon"],
  ["PA", "Pennsylvania"],
  ["RI", "Rhode Island"],
  ["SC", "South Carolina"],
  ["SD", "South Dakota"],
  ["TN", "Tennessee"],
  ["TX", "Texas"],
  ["UT", "Utah"],
  ["VT", "Vermont"],
  ["VA", "Virginia"],
  ["WA", "Washington"],
  ["WV", "West Virginia"],
  ["WI", "Wisconsin"],
  ["WY", "Wyoming"],
]);

/** U.S. territories and the freely associated states, which USPS addresses like states. */
const ISLAND_TERRITORIES = toOptions([
  ["AS", "American Samoa"],
  ["FM", "Federated States of Micronesia"],
  ["GU", "Guam"],
  ["MH", "Marshall Islands"],
  ["MP", "Northern Mariana Islands"],
  ["PW", "Palau"],
  ["PR", "Puerto Rico"],
  ["UM", "U.S. Minor Outlying Islands"],
  ["VI", "U.S. Virgin Islands"],
]);

/** Military mail (APO/FPO/DPO) "states". */
const ARMED_FORCES = toOptions([
  ["AA", "Armed Forces Americas (AA)"],
  ["AE", "Armed Forces Europe, Middle East, Africa and Canada (AE)"],
  ["AP", "Armed Forces Pacific (AP)"],
]);

const PROVINCES = toOptions([
  ["AB", "Alberta"],
  ["BC", "British Columbia"],
  ["MB", "Manitoba"],
  ["NB", "New Brunswick"],
  ["NL", "Newfoundland and Labrador"],
  ["NT", "Northwest Territories"],
  ["NS", "Nova Scotia"],
  ["NU", "Nunavut"],
  ["ON", "Ontario"],
  ["PE", "Prince Edward Island"],
  ["QC", "Quebec"],
  ["SK", "Saskatchewan"],
  ["YT", "Yukon"],
]);

/** States and DC, then the island territories, then the armed-forces codes. */
export const usStates = withEmptyOption([...STATES, ...ISLAND_TERRITORIES, ...ARMED_FORCES]);

/** The 10 provinces and 3 territories of Canada. */
export const canadianProvinces = withEmptyOption(PROVINCES);

/** U.S. states (and territories) followed by Canadian provinces; codes do not overlap. */
export const statesAndProvinces = withEmptyOption([
  ...STATES,
  ...ISLAND_TERRITORIES,
  ...ARMED_FORCES,
  ...PROVINCES,
]);
