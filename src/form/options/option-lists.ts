import type { Option, OptionListId } from "../catalogue-types";
import { citizenshipTypes, visaStatuses } from "./citizenship";
import { countries, countriesWithoutUs } from "./countries";
import {
  communicationPreferences,
  educationLevels,
  legacyRelationships,
  legacyTypes,
  phoneTypes,
  relationships,
} from "./family";
import { hearAboutUs, months, yesNo } from "./general";
import { giBillChapters, giBillPercents, militaryBranches } from "./military";
import { ethnicities, genderIdentities, genders, languages, pronouns, religions } from "./personal";
import { canadianProvinces, statesAndProvinces, usStates } from "./regions";

/** Every named option list of the catalogue, by id. */
export const OPTION_LISTS: Readonly<Record<OptionListId, readonly Option[]>> = Object.freeze({
  countries,
  countriesWithoutUs,
  months,
  usStates,
  canadianProvinces,
  statesAndProvinces,
  pronouns,
  genders,
  genderIdentities,
  relationships,
  educationLevels,
  ethnicities,
  citizenshipTypes,
  visaStatuses,
  languages,
  militaryBranches,
  giBillChapters,
  giBillPercents,
  phoneTypes,
  communicationPreferences,
  religions,
  hearAboutUs,
  legacyTypes,
  legacyRelationships,
  yesNo,
});
