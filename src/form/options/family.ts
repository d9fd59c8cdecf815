import { withEmptyOption } from "./empty-option";

/** A parent's or guardian's relationship to the applicant. */
export const relationships = withEmptyOption([
  { value: "mother", label: "Mother" },
  { value: "father", label: "Father" },
  { value: "parent", label: "Parent" },
  { value: "stepparent", label: "Stepparent" },
  { value: "foster_parent", label: "Foster parent" },
  { value: "legal_guardian", label: "Legal guardian" },
  { value: "grandparent", label: "Grandparent" },
  { value: "relative", label: "Other relative" },
  { value: "other", label: "Other" },
]);

/** Highest level of education; "other" reveals a free-text answer. */
export const educationLevels = withEmptyOption([
  { value: "none", label: "No formal education" },
  { value: "some_high_school", label: "Some high school" },
  { value: "high_school", label: "High school diploma or equivalent" },
  { value: "some_college", label: "Some college, no degree" },
  { value: "associate", label: "Associate degree" },
  { value: "bachelor", label: "Bachelor's degree" },
  { value: "master", label: "Master's degree" },
  { value: "doctorate", label: "Doctoral or professional degree" },
  { value: "unknown", label: "I don't know" },
  { value: "other", label: "Other" },
]);

export const phoneTypes = withEmptyOption([
  { value: "cell", label: "Cell" },
  { value: "home", label: "Home" },
  { value: "work", label: "Work" },
]);

/**
 * Who the university may contact. Spec §5: Parent 1's e-mail and phone are checked for "1" and "2",
 * Parent 2's for "2".
 */
export const communicationPreferences = withEmptyOption([
  { value: "1", label: "Parent 1/Guardian 1" },
  { value: "2", label: "Both Parent 1/Guardian 1 and Parent 2/Guardian 2" },
  { value: "3", label: "Neither" },
]);

/** How the applicant is connected to the university through family. */
export const legacyTypes = withEmptyOption([
  { value: "alumni", label: "A family member graduated from the university" },
  { value: "current_student", label: "A family member is a current student" },
  { value: "both", label: "Both" },
]);

/** A family member's relationship to the applicant (legacy section). */
export const legacyRelationships = withEmptyOption([
  { value: "parent", label: "Parent" },
  { value: "stepparent", label: "Stepparent" },
  { value: "guardian", label: "Legal guardian" },
  { value: "grandparent", label: "Grandparent" },
  { value: "sibling", label: "Sibling" },
  { value: "spouse", label: "Spouse or partner" },
  { value: "aunt_uncle", label: "Aunt or uncle" },
  { value: "cousin", label: "Cousin" },
  { value: "other", label: "Other" },
]);
