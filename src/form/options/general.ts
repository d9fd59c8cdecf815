import { withEmptyOption } from "./empty-option";

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** Months by name, valued "1" … "12". */
export const months = withEmptyOption(
  MONTH_NAMES.map((label, index) => ({ value: String(index + 1), label })),
);

/** Spec §3 answer values: Y/N for yes/no. Radios skip the "--" option. */
export const yesNo = withEmptyOption([
  { value: "Y", label: "Yes" },
  { value: "N", label: "No" },
]);

export const hearAboutUs = withEmptyOption([
  { value: "campus_visit", label: "Campus visit or tour" },
  { value: "college_fair", label: "College fair" },
  { value: "counselor", label: "Counselor or advisor" },
  { value: "transfer_advisor", label: "Transfer advisor at my current college" },
  { value: "email", label: "Email from the university" },
  { value: "mail", label: "Printed mail" },
  { value: "friend_family", label: "Friend or family member" },
  { value: "alumni", label: "Alumni" },
  { value: "search", label: "Internet search" },
  { value: "social_media", label: "Social media" },
  { value: "website", label: "University website" },
  { value: "ptk", label: "Phi Theta Kappa" },
  { value: "other", label: "Other" },
]);
